/**
 * `elicitation-inspector tap -- <server command…>`: what a host launches in place of its server.
 * It relays the host's stdio to the server untouched and records every message into a session
 * file in the data folder, which a running inspector follows live (and any later one lists).
 * It writes nothing on stdout of its own: stdout belongs to the protocol.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { otlpUrlError } from '../otlp-on-end';
import { DEFAULT_DATA_DIR, readRunning, TAP_FILE_PREFIX, tapControlPath } from '../store/data-dir';
import type { SessionLog } from '../store/session-log';
import { relayStdio, type RelayObserver } from './stdio-relay';
import type { StdioHold } from './stdio-hold';
import type { TapRecorder } from './tap-recorder';
import { TapTraces } from './tap-traces';

/** `otlp`: a collector the recorded session's calls go to as traces once the host is done. */
export type TapOptions = { dataDir: string; command: string; args: string[]; otlp?: string };

/** Parse `tap`'s arguments; a usage error is a sentence naming what is wrong. */
export function parseTapArgs(argv: readonly string[]): TapOptions | { error: string } {
  const end = argv.indexOf('--');
  const taken = takeDataDir(end === -1 ? argv : argv.slice(0, end));
  const command = end === -1 ? [] : argv.slice(end + 1);
  if ('error' in taken) return taken;
  let otlp: string | undefined;
  for (let i = 0; i < taken.rest.length; i++) {
    const option = taken.rest[i];
    if (option === '--otlp' || option.startsWith('--otlp=')) {
      const value = option === '--otlp' ? taken.rest[++i] : option.slice('--otlp='.length);
      if (!value) return { error: 'tap: --otlp needs a collector URL, e.g. tap --otlp http://127.0.0.1:4318 -- node server.js' };
      otlp = value;
    } else return { error: `tap: unknown option ${option}; the server's command goes after --.` };
  }
  if (command.length === 0 || !command[0]) return { error: 'tap: name the server to relay to after --, e.g. tap -- node server.js' };
  const otlpError = otlp === undefined ? undefined : otlpUrlError(otlp);
  if (otlpError) return { error: `tap: ${otlpError}` };
  return { dataDir: taken.dataDir, command: command[0], args: command.slice(1), ...(otlp !== undefined && { otlp }) };
}

/** `--data-dir`, which every form of `tap` takes, and the options left. */
function takeDataDir(options: readonly string[]): { dataDir: string; rest: string[] } | { error: string } {
  let dataDir = DEFAULT_DATA_DIR;
  const rest: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    if (option === '--data-dir' || option.startsWith('--data-dir=')) {
      const value = option === '--data-dir' ? options[++i] : option.slice('--data-dir='.length);
      if (!value || value === '--') return { error: 'tap: --data-dir needs a folder, e.g. tap --data-dir ./sessions -- node server.js' };
      dataDir = value;
    } else rest.push(option);
  }
  return { dataDir, rest };
}

/** Run the tap; resolves with the exit code the tap ends with (the server's own, for stdio). */
export async function tapCli(argv: string[]): Promise<number> {
  const before = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  const isOption = (name: string) => before.some((option) => option === name || option.startsWith(`${name}=`));
  if (isOption('--config')) {
    const { tapConfigCli } = await import('./tap-config-cli');
    return tapConfigCli(argv);
  }
  if (isOption('--url')) {
    const { parseHttpTapArgs, tapHttpCli } = await import('./tap-http-cli');
    const taken = takeDataDir(argv);
    const parsed = 'error' in taken ? taken : parseHttpTapArgs(taken.rest, taken.dataDir);
    if ('error' in parsed) {
      process.stderr.write(`elicitation-inspector ${parsed.error}\n`);
      return 2;
    }
    return tapHttpCli(parsed);
  }
  const parsed = parseTapArgs(argv);
  if ('error' in parsed) {
    process.stderr.write(`elicitation-inspector ${parsed.error}\n`);
    return 2;
  }
  // The server starts before anything else loads: the host is waiting for its handshake. What is relayed
  // meanwhile is queued with the moment it came, and recorded at that moment once the record is open:
  // a host that closed 0.6 s after a request must not read as having waited for the record to open.
  const queued: { at: number; replay: (recorder: RelayObserver) => void }[] = [];
  let recorder: RelayObserver | undefined;
  const clock: Clock = { startedAt: Date.now(), replayingAt: undefined };
  const take = (replay: (recorder: RelayObserver) => void) => (recorder ? replay(recorder) : queued.push({ at: Date.now(), replay }));
  const observer: RelayObserver = {
    fromHost: (text) => take((r) => r.fromHost(text)),
    fromServer: (text) => take((r) => r.fromServer(text)),
    overlong: (from, bytes) => take((r) => r.overlong(from, bytes)),
    serverStderr: (text) => take((r) => r.serverStderr(text)),
    hostClosed: () => {
      take((r) => r.hostClosed());
      traces?.hostClosed();
    },
  };
  const traces = parsed.otlp === undefined ? undefined : new TapTraces(parsed.otlp, (line) => void process.stderr.write(`${line}\n`));
  const relay = relayStdio(parsed, () => observer);
  let exitCode: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      relay.signal(signal);
      // Told to stop once the relay is over, the traces not gone: the record is closed and the line said, nothing is left to wait for.
      if (traces?.stopped(signal) && exitCode !== undefined) process.exit(exitCode);
    });

  const record = await openRecord(parsed, relay.hold, clock).catch((error: unknown) => {
    process.stderr.write(`elicitation-inspector tap: not recording (${error instanceof Error ? error.message : String(error)}); relaying only.\n`);
    return undefined;
  });
  let channel: { stop(): void; controlPath: string } | undefined;
  if (record) {
    // What came before the record opened goes in first, with no await between it and the recorder taking
    // over: a message relayed during one would be recorded ahead of the earlier ones still queued.
    for (const { at, replay } of queued.splice(0)) {
      clock.replayingAt = at;
      try {
        replay(record.recorder);
      } catch {
        // As in the relay: a message the record cannot take is not the host's problem.
      }
    }
    clock.replayingAt = undefined;
    recorder = record.recorder;
    traces?.opened(record.file, record.sessionId);
    // Loaded while the host works: on the way out, the host gives the tap 2 s, none of it for loading the exporter.
    if (traces) void import('../formats/otlp-export').catch(() => {});
    const { HoldChannel } = await import('./hold-channel');
    channel = new HoldChannel(tapControlPath(parsed.dataDir, record.sessionId), relay.hold, record.recorder);
  }
  const end = await relay.ended;
  channel?.stop();
  // The way back from the inspector is the tap's to clear: nothing reads it once the relay is over.
  if (channel) rmSync(channel.controlPath, { force: true });
  if (record) {
    record.recorder.end(end);
    record.log.close();
    exitCode = end.tapExitCode;
    await traces?.finish();
  }
  return end.tapExitCode;
}

/** The record's time: now, or while the queue is replayed, the moment the replayed message came. */
type Clock = { startedAt: number; replayingAt: number | undefined };

/** The session file and the recorder that writes it. */
async function openRecord(
  options: TapOptions,
  hold: StdioHold,
  clock: Clock,
): Promise<{ log: SessionLog; recorder: TapRecorder; file: string; sessionId: string }> {
  const [{ SessionLog }, { TapRecorder }, { summarizeTarget }, { secretScrubber, targetSecrets }] = await Promise.all([
    import('../store/session-log'),
    import('./tap-recorder'),
    import('../wire/target'),
    import('../wire/secret-scrubber'),
  ]);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const sessionId = `${TAP_FILE_PREFIX}${randomUUID()}`;
  const filePath = join(options.dataDir, `${sessionId}.jsonl`);
  // As for a session the inspector starts: the secrets in the server's command line and in the
  // environment it inherits (the host config's `env`) are replaced wherever an entry holds them.
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const scrubSecrets = secretScrubber(targetSecrets({ transport: 'stdio', command: options.command, args: options.args, env }));
  const now = () => clock.replayingAt ?? Date.now();
  const log = new SessionLog(sessionId, filePath, { now, startedAt: clock.startedAt, ...(scrubSecrets && { scrubSecrets }) });
  const target = summarizeTarget({ transport: 'stdio', command: options.command, args: options.args, env: {} });
  const recorder = new TapRecorder({ emit: (event) => log.append(event), target, hold, now });
  const running = readRunning(options.dataDir);
  process.stderr.write(
    running
      ? `elicitation-inspector tap: recording into the inspector at ${running.url} (session ${sessionId}).\n`
      : `elicitation-inspector tap: recording to ${filePath}; the inspector lists it when it starts.\n`,
  );
  return { log, recorder, file: filePath, sessionId };
}

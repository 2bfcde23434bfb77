/**
 * The stdio relay: starts the server, and passes the host's stdin to it and its stdout back,
 * byte for byte, each chunk as it arrives; its stderr goes to the tap's own. The record gets a
 * copy of each chunk only after the chunk is on its way, so nothing the record does (parsing,
 * a failure) can change or delay what the host and the server see. The one exception is asked
 * for: Hold and answer here (stdio-hold.ts), off unless the person turns it on.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from './line-splitter';
import { StdioHold } from './stdio-hold';

/**
 * How long a server may take to exit once the host has closed its stdin, before the tap sends it
 * SIGTERM. Longer than a host's own wait (the SDK's is 2 s): a host that escalates signals the tap,
 * which passes the signal on, so this deadline is only for a host that closed stdin and left, and it
 * must not cut short a server still starting up or finishing what the host sent (under load, a
 * server run through tsx was killed before it had read the host's last lines).
 */
export const EXIT_GRACE_MS = 10_000;
/** After SIGTERM, how long before SIGKILL. */
const KILL_GRACE_MS = 2000;

export type RelayObserver = {
  fromHost(text: string): void;
  fromServer(text: string): void;
  overlong(from: 'host' | 'server', bytes: number): void;
  serverStderr(text: string): void;
  /** The host closed its end of stdin: said when it happens, before the server has exited. */
  hostClosed(): void;
};

export type RelayEnd = {
  /** `transport-closed`: the host closed stdin first; `server-exit`: the server ended on its own (or never started). */
  reason: 'server-exit' | 'transport-closed';
  exitCode: number | null;
  signal: string | null;
  /** Why the server could not be started, when it could not. */
  spawnError?: string;
  /** The last lines of the server's stderr. */
  stderrTail: string[];
  /** What the tap itself exits with: the server's code, 128 + its signal's number, or 127 when it never started. */
  tapExitCode: number;
};

export type RelayIo = { stdin: Readable; stdout: Writable; stderr: Writable };

const STDERR_TAIL_LINES = 20;

/** Run the server between the host (the tap's own stdio) and the observer; resolves once the server has exited. */
export function relayStdio(
  server: { command: string; args: string[] },
  observer: () => RelayObserver,
  io: RelayIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): { ended: Promise<RelayEnd>; signal: (signal: NodeJS.Signals) => void; hold: StdioHold } {
  const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  const observe = (fn: (o: RelayObserver) => void) => {
    try {
      fn(observer());
    } catch (error) {
      // The record is a bystander: its failure is said once per message on stderr, and the relay goes on.
      io.stderr.write(`elicitation-inspector tap: could not record a message: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
  const hostLines = new LineSplitter({ onLine: (t) => observe((o) => o.fromHost(t)), onOverlong: (n) => observe((o) => o.overlong('host', n)) });
  const serverLines = new LineSplitter({ onLine: (t) => observe((o) => o.fromServer(t)), onOverlong: (n) => observe((o) => o.overlong('server', n)) });
  const stderrTail: string[] = [];
  let hostClosed = false;
  let spawnError: string | undefined;

  // A host or server that went away mid-write: the relay ends when the server exits, not on a pipe error.
  child.stdin.on('error', () => {});
  io.stdout.on('error', () => {});
  // Forward first, then the copy; a full pipe pauses the side that fills it, as pipe() would.
  const hold = new StdioHold(io.stdout, child.stdin);
  let isRelaying = true;
  io.stdin.on('data', (chunk: Buffer) => {
    if (!isRelaying) return;
    if (!child.stdin.write(chunk)) {
      io.stdin.pause();
      child.stdin.once('drain', () => isRelaying && io.stdin.resume());
    }
    hold.hostWrote(chunk);
    hostLines.push(chunk);
  });
  child.stdout.on('data', (chunk: Buffer) => {
    if (!hold.fromServer(chunk)) {
      child.stdout.pause();
      io.stdout.once('drain', () => child.stdout.resume());
    }
    serverLines.push(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    io.stderr.write(chunk);
    const text = chunk.toString('utf8');
    for (const line of text.split('\n')) if (line.trim()) stderrTail.push(line);
    stderrTail.splice(0, Math.max(0, stderrTail.length - STDERR_TAIL_LINES));
    observe((o) => o.serverStderr(text));
  });

  let escalation: NodeJS.Timeout | undefined;
  io.stdin.on('end', () => {
    child.stdin.end();
    hostLines.end();
    hostClosed = true;
    observe((o) => o.hostClosed());
    // The spec's shutdown for stdio, done for the host: stdin closed, then SIGTERM, then SIGKILL.
    escalation = setTimeout(() => {
      child.kill('SIGTERM');
      escalation = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS).unref();
    }, EXIT_GRACE_MS).unref();
  });

  const ended = new Promise<RelayEnd>((resolve) => {
    let isDone = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(escalation);
      serverLines.end();
      isRelaying = false;
      io.stdin.pause();
      const tapExitCode = spawnError !== undefined ? 127 : code !== null ? code : 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
      resolve({
        reason: hostClosed && spawnError === undefined ? 'transport-closed' : 'server-exit',
        exitCode: code,
        signal,
        ...(spawnError !== undefined && { spawnError }),
        stderrTail,
        tapExitCode,
      });
    };
    child.on('error', (error) => {
      spawnError = error.message;
      io.stderr.write(`elicitation-inspector tap: could not start ${server.command}: ${error.message}\n`);
      // A spawn that failed emits no exit of its own on every Node version.
      if (child.pid === undefined) finish(null, null);
    });
    // `close`: the server's stdout has been read to its end, so every byte it wrote has been relayed.
    child.on('close', (code, signal) => finish(code, signal));
  });
  return { ended, signal: (signal) => void child.kill(signal), hold };
}

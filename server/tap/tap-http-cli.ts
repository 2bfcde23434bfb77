/**
 * `elicitation-inspector tap --url <server url> [--listen PORT]`: the tap for a server the host
 * reaches over Streamable HTTP or HTTP+SSE. It listens on loopback, prints the URL the host
 * should use instead of the server's (on stdout, alone on its line), relays every exchange and
 * records each host connection as a session in the data folder, until it is stopped.
 */
import { otlpUrlError, sendFileTraces, sessionName } from '../otlp-on-end';
import { readRunning } from '../store/data-dir';
import { HttpExchanges } from './http-exchanges';
import { startHttpRelay } from './http-relay';

/** `otlp`: a collector each recorded host connection's calls go to as traces, once it has ended. */
export type TapHttpOptions = { dataDir: string; url: URL; port: number; otlp?: string };

/** Parse `--url`, `--listen` and `--otlp`; a usage error is a sentence naming what is wrong. */
export function parseHttpTapArgs(options: readonly string[], dataDir: string): TapHttpOptions | { error: string } {
  let url: string | undefined;
  let listen = '0';
  let otlp: string | undefined;
  for (let i = 0; i < options.length; i++) {
    const [name, inline] = options[i].includes('=') ? splitOnce(options[i]) : [options[i], undefined];
    const value = inline ?? options[i + 1];
    if (name !== '--url' && name !== '--listen' && name !== '--otlp') return { error: `tap: unknown option ${options[i]} with --url.` };
    if (value === undefined || value.startsWith('--')) return { error: `tap: ${name} needs a value.` };
    if (inline === undefined) i++;
    if (name === '--url') url = value;
    else if (name === '--otlp') otlp = value;
    else listen = value;
  }
  const otlpError = otlp === undefined ? undefined : otlpUrlError(otlp);
  if (otlpError) return { error: `tap: ${otlpError}` };
  if (url === undefined) return { error: 'tap: --url needs the server URL, e.g. tap --url http://127.0.0.1:3001/mcp' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: `tap: --url ${url} is not a URL.` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: `tap: --url must be http or https, not ${parsed.protocol}` };
  const port = Number(listen);
  if (!/^\d+$/.test(listen) || port > 65535) return { error: `tap: --listen ${listen} is not a port number (0 for any free port).` };
  return { dataDir, url: parsed, port, ...(otlp !== undefined && { otlp }) };
}

/** Run the HTTP tap until SIGINT, SIGTERM or SIGHUP; resolves with the exit code. */
export async function tapHttpCli(options: TapHttpOptions, io = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const note = (text: string) => io.stderr.write(`elicitation-inspector tap: ${text}\n`);
  const running = readRunning(options.dataDir);
  const sending = new Set<Promise<void>>();
  const { otlp } = options;
  const exchanges = new HttpExchanges(
    options.dataDir,
    options.url,
    (recording) =>
      note(
        running ? `recording a host connection into the inspector at ${running.url} (session ${recording.sessionId}).` : `recording to ${recording.filePath}.`,
      ),
    // Each host connection is a session of its own: its traces go as soon as it has ended.
    otlp === undefined
      ? undefined
      : (recording) => {
          const sent = afterTurn().then(() =>
            sendFileTraces(recording.filePath, sessionName(recording.sessionId), otlp, (line) => void io.stderr.write(`${line}\n`)),
          );
          sending.add(sent);
          void sent.finally(() => sending.delete(sent));
        },
    note,
  );
  let relay;
  try {
    relay = await startHttpRelay({ upstream: options.url, port: options.port, watch: (start) => exchanges.watch(start), note });
  } catch (error) {
    note(`cannot listen on 127.0.0.1:${options.port}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const hostUrl = `${relay.origin}${options.url.pathname}${options.url.search}`;
  io.stdout.write(`${hostUrl}\n`);
  note(`point the host at ${hostUrl}; it reaches ${options.url.origin}${options.url.pathname}. Stop with Ctrl-C.`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(name, () => resolve(name));
  });
  exchanges.endAll('proxy-exit');
  await relay.close();
  await Promise.all(sending);
  note(`stopped (${signal}).`);
  return 0;
}

/** The log writes an entry at the end of the turn it took it in: a file is read after that. */
const afterTurn = () => new Promise((resolve) => setImmediate(resolve));

function splitOnce(option: string): [string, string] {
  const at = option.indexOf('=');
  return [option.slice(0, at), option.slice(at + 1)];
}

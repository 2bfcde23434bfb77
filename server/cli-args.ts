import { parseArgs } from 'node:util';
import { PROTOCOL_CHOICES, type ProtocolChoice, type TargetInput } from './wire/target';

export const DEFAULT_PORT = 6280;

export const HELP = `Elicitation Inspector: see, answer and debug MCP elicitation flows.

Usage:
  elicitation-inspector [options]                        start on the built-in demo server
  elicitation-inspector [options] -- <command> [args…]   start a stdio server and connect to it
  elicitation-inspector [options] --url <url>            connect to a Streamable HTTP (or --transport sse) server
  elicitation-inspector export-spec <session file> [--out FILE]
                                                         write a recorded session as a Playwright test
  elicitation-inspector demo [--out DIR] [-- <command> [args…]]
                                                         record a walkthrough (screenshots, trace, video); needs playwright-core

Target:
  --url <url>              Server URL (http:// or https://)
  --transport <kind>       http (default with --url) or sse
  --header "Name: value"   HTTP header sent to the server; repeatable (e.g. "Authorization: Bearer …")
  -e, --env KEY=VALUE      Environment variable for a stdio server; repeatable
  --cwd <dir>              Working directory for a stdio server
  --no-connect             Start without connecting to anything

Client:
  --protocol <version>     auto (default), 2026-07-28, 2025-11-25 or 2025-06-18
  --timeout <seconds>      Client-side budget of a tool call (default 600)
  --elicitation <modes>    Elicitation the client declares: none, form, url or both (default both)

Inspector:
  --port <n>               Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>         Loopback address to bind: 127.0.0.1 (default), localhost or ::1
  --dangerously-bind-all-interfaces
                           Allow --host 0.0.0.0 or ::. Anyone who can reach this machine and
                           learns the token can start programs on it. Do not use on shared networks.
  --no-open                Do not open a browser
  --data-dir <dir>         Where session logs are kept (default ~/.elicitation-inspector/sessions)
  --idle-close <seconds>   Close live sessions this long after the last page disconnects (default 15)
  -h, --help               Show this help
  -v, --version            Show the version

The token printed in the URL is required by every API call and the WebSocket.
Set ${'ELICITATION_INSPECTOR_TOKEN'} to choose it yourself.`;

export type CliOptions = {
  help: boolean;
  version: boolean;
  port: number;
  host: string;
  allowAllInterfaces: boolean;
  open: boolean;
  dataDir?: string;
  idleCloseMs: number;
  protocol: ProtocolChoice;
  timeoutMs: number;
  /** Which elicitation modes the client declares (both false: no elicitation capability). */
  elicitation: { form: boolean; url: boolean };
  /** Undefined: the demo server. Null: no connection at start. */
  target: TargetInput | null | undefined;
};

export class UsageError extends Error {}

const ELICITATION_CHOICES = new Map<string, CliOptions['elicitation']>([
  ['none', { form: false, url: false }],
  ['form', { form: true, url: false }],
  ['url', { form: false, url: true }],
  ['both', { form: true, url: true }],
]);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

export function parseCli(argv: string[]): CliOptions {
  const dashDash = argv.indexOf('--');
  const own = dashDash === -1 ? argv : argv.slice(0, dashDash);
  const command = dashDash === -1 ? [] : argv.slice(dashDash + 1);
  let values;
  try {
    ({ values } = parseArgs({
      args: own,
      allowPositionals: false,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        port: { type: 'string' },
        host: { type: 'string' },
        'dangerously-bind-all-interfaces': { type: 'boolean' },
        'no-open': { type: 'boolean' },
        'no-connect': { type: 'boolean' },
        'data-dir': { type: 'string' },
        'idle-close': { type: 'string' },
        url: { type: 'string' },
        transport: { type: 'string' },
        header: { type: 'string', multiple: true },
        env: { type: 'string', short: 'e', multiple: true },
        cwd: { type: 'string' },
        protocol: { type: 'string' },
        timeout: { type: 'string' },
        elicitation: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const port = values.port === undefined ? DEFAULT_PORT : integer('--port', values.port, 0, 65535);
  const host = values.host ?? '127.0.0.1';
  const allowAllInterfaces = values['dangerously-bind-all-interfaces'] === true;
  if (WILDCARD_HOSTS.has(host) && !allowAllInterfaces) {
    throw new UsageError(`--host ${host} listens on every network interface. Add --dangerously-bind-all-interfaces if you really mean it.`);
  }
  if (!LOOPBACK_HOSTS.has(host) && !WILDCARD_HOSTS.has(host)) {
    throw new UsageError(`--host must be a loopback address (127.0.0.1, localhost or ::1), not ${host}.`);
  }
  const protocol = (values.protocol ?? 'auto') as ProtocolChoice;
  if (!PROTOCOL_CHOICES.includes(protocol)) throw new UsageError(`--protocol must be one of ${PROTOCOL_CHOICES.join(', ')}.`);

  const elicitation = ELICITATION_CHOICES.get(values.elicitation ?? 'both');
  if (!elicitation) throw new UsageError(`--elicitation must be one of ${[...ELICITATION_CHOICES.keys()].join(', ')}, not "${values.elicitation}".`);

  let target: CliOptions['target'];
  if (values.url !== undefined && command.length) throw new UsageError('Give either --url or a command after --, not both.');
  if (values.url !== undefined) {
    const transport = values.transport ?? 'http';
    if (transport !== 'http' && transport !== 'sse') throw new UsageError('--transport must be http or sse.');
    if (values.env?.length || values.cwd) throw new UsageError('--env and --cwd apply to a stdio command, not to --url.');
    target = { transport, url: values.url, headers: parseHeaders(values.header ?? []) };
  } else if (command.length) {
    if (values.header?.length) throw new UsageError('--header applies to --url, not to a stdio command.');
    target = { transport: 'stdio', command: command[0], args: command.slice(1), env: parseEnv(values.env ?? []), ...(values.cwd && { cwd: values.cwd }) };
  } else if (values['no-connect']) {
    target = null;
  } else {
    if (values.transport || values.header?.length) throw new UsageError('--transport and --header need --url.');
    target = undefined;
  }

  return {
    help: values.help === true,
    version: values.version === true,
    port,
    host,
    allowAllInterfaces,
    open: values['no-open'] !== true,
    dataDir: values['data-dir'],
    idleCloseMs: values['idle-close'] === undefined ? 15_000 : integer('--idle-close', values['idle-close'], 0, 86_400) * 1000,
    protocol,
    timeoutMs: values.timeout === undefined ? 600_000 : integer('--timeout', values.timeout, 1, 86_400) * 1000,
    elicitation,
    target,
  };
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not "${text}".`);
  return n;
}

export function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    // The value is not printed back: it is often a token, and terminals and CI logs keep what they show.
    if (colon <= 0) throw new UsageError(`--header must look like "Name: value"; one of them has no colon after its name.`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function parseEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env must look like KEY=VALUE; one of them has no = after its name.`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

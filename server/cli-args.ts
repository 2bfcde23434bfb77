import { parseArgs } from 'node:util';
import { OAUTH_ARG_OPTIONS, OAUTH_HELP, oauthFromArgs } from './auth/oauth-args';
import { rootFromArg } from './cli-roots';
import type { Root, TargetInput } from './wire/target';
import { oauthOptionsProblem, PROTOCOL_CHOICES, type ProtocolChoice } from './wire/target-checks';

export const DEFAULT_PORT = 6280;

/** How the inspector itself is started: `--help` lists these lines, then the commands (server/cli-help.ts). */
export const INSPECTOR_USAGE = `  elicitation-inspector [options]                        start on the built-in demo server
  elicitation-inspector [options] -- <command> [args…]   start a stdio server and connect to it
  elicitation-inspector [options] --url <url>            connect to a Streamable HTTP (or --transport sse) server`;

/** The inspector's options, as `--help` lists them: every flag parseCli reads. */
export const OPTIONS_HELP = `Target:
  --url <url>              Server URL (http:// or https://)
  --transport <kind>       http (default with --url) or sse
  --header "Name: value"   HTTP header sent to the server; repeatable (e.g. "Authorization: Bearer …")
  -e, --env KEY=VALUE      Environment variable for a stdio server; repeatable
  --cwd <dir>              Working directory for a stdio server
  --config <file>          Read servers from a config file: the "mcpServers" shape (Claude Desktop,
                           Cursor, the official inspector) or VS Code's .vscode/mcp.json
  --server <name>          The config file's server to connect to (default: its only one; with
                           several, the page lists them to pick from)
  --no-connect             Start without connecting to anything

${OAUTH_HELP}

Client:
  --protocol <version>     auto (default), 2026-07-28, 2025-11-25 or 2025-06-18
  --timeout <seconds>      Client-side budget of a tool call (default 600)
  --elicitation <modes>    Elicitation the client declares: none, form, url or both (default both)
  --rules <file>           Response rules for the connection made at start: a rules file (JSON,
                           schemas/rules.schema.json) saying how elicitations are answered
  --roots <uri|path>       Declare roots and answer roots/list with this folder (a file:// URI or a
                           path); repeatable, one folder each
  --sampling               Declare sampling: each sampling/createMessage waits in the page for a reply
  --tasks                  Declare tasks (2025-11-25): a server may run its elicitations as tasks here
  --keep-file-bytes        Keep the files the client sends whole in the session log; by default each
                           data: URI is logged as its media type, size and SHA-256 (SEP-2356)

Inspector:
  --port <n>               Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>         Loopback address to bind: 127.0.0.1 (default), localhost or ::1
  --dangerously-bind-all-interfaces
                           Allow --host 0.0.0.0 or ::. Anyone who can reach this machine and
                           learns the token can start programs on it. Do not use on shared networks.
  --check                  Check the connection step by step (command or DNS, TCP, TLS, HTTP,
                           OAuth discovery, the MCP handshake), print the checklist and exit:
                           0 when every step passed, 1 when one failed
  --no-open                Do not open a browser
  --data-dir <dir>         Where session logs are kept (default ~/.elicitation-inspector/sessions)
  --idle-close <seconds>   Close live sessions this long after the last page disconnects (default 15)
  --otlp <url>             Send each session's calls, once it ends, to an OTLP/HTTP collector as traces
  -h, --help               Show this help
  -v, --version            Show the version

The token printed in the URL is required by every API call and the WebSocket.
Set ${'ELICITATION_INSPECTOR_TOKEN'} to choose it yourself.`;

export type CliOptions = {
  help: boolean;
  version: boolean;
  /** Run the connection doctor on the target and exit. */
  check: boolean;
  port: number;
  host: string;
  allowAllInterfaces: boolean;
  open: boolean;
  dataDir?: string;
  idleCloseMs: number;
  /** An OTLP/HTTP collector each ended session's calls are sent to, as traces. */
  otlp?: string;
  protocol: ProtocolChoice;
  timeoutMs: number;
  /** Which elicitation modes the client declares (both false: no elicitation capability). */
  elicitation: { form: boolean; url: boolean };
  /** A rules file for the connection made at start. */
  rulesFile?: string;
  /** Roots the client declares and answers roots/list with (none: roots are not declared). */
  roots: Root[];
  /** Whether the client declares sampling. */
  sampling: boolean;
  /** Whether the client declares tasks (2025-11-25). */
  tasks: boolean;
  /** Whether the session log keeps the bytes of the data: URIs the client sends (by default it records their type, size and SHA-256). */
  keepFileBytes: boolean;
  /** Undefined: the demo server. Null: no connection at start. */
  target: TargetInput | null | undefined;
  /** A config file to read servers from (instead of `target`), and the one to connect to. */
  config?: { file: string; server?: string };
};

export class UsageError extends Error {}

/** Runs `read`, turning what it throws into a UsageError (a flag's file that cannot be read, say). */
function usage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

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
        check: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
        'dangerously-bind-all-interfaces': { type: 'boolean' },
        'no-open': { type: 'boolean' },
        'no-connect': { type: 'boolean' },
        'data-dir': { type: 'string' },
        otlp: { type: 'string' },
        'idle-close': { type: 'string' },
        url: { type: 'string' },
        transport: { type: 'string' },
        header: { type: 'string', multiple: true },
        env: { type: 'string', short: 'e', multiple: true },
        cwd: { type: 'string' },
        protocol: { type: 'string' },
        timeout: { type: 'string' },
        elicitation: { type: 'string' },
        config: { type: 'string' },
        server: { type: 'string' },
        rules: { type: 'string' },
        roots: { type: 'string', multiple: true },
        sampling: { type: 'boolean' },
        tasks: { type: 'boolean' },
        'keep-file-bytes': { type: 'boolean' },
        ...OAUTH_ARG_OPTIONS,
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

  const roots = (values.roots ?? []).map((value) => {
    const root = rootFromArg(value);
    if ('error' in root) throw new UsageError(root.error);
    return root;
  });

  let target: CliOptions['target'];
  if (values.server !== undefined && values.config === undefined) throw new UsageError('--server names a server of a --config file: give the file too.');
  if (values.config !== undefined && (values.url !== undefined || command.length || values['no-connect'])) {
    throw new UsageError('Give one of --config, --url, a command after -- or --no-connect.');
  }
  if (values.url !== undefined && command.length) throw new UsageError('Give either --url or a command after --, not both.');
  if (values.url !== undefined) {
    const transport = values.transport ?? 'http';
    if (transport !== 'http' && transport !== 'sse') throw new UsageError('--transport must be http or sse.');
    if (values.env?.length || values.cwd) throw new UsageError('--env and --cwd apply to a stdio command, not to --url.');
    const oauth = usage(() => oauthFromArgs(values));
    const problem = oauth && oauthOptionsProblem(oauth);
    if (oauth?.grant === 'client_credentials' && problem) {
      throw new UsageError('--oauth-client-credentials needs --oauth-client-id and --oauth-client-secret (or --oauth-private-key).');
    }
    if (problem) throw new UsageError(problem);
    target = { transport, url: values.url, headers: parseHeaders(values.header ?? []), ...(oauth && { oauth }) };
  } else if (command.length) {
    if (values.header?.length) throw new UsageError('--header applies to --url, not to a stdio command.');
    if (Object.keys(OAUTH_ARG_OPTIONS).some((name) => values[name as keyof typeof OAUTH_ARG_OPTIONS] !== undefined)) {
      throw new UsageError('The --oauth-… flags and --keep-tokens apply to --url, not to a stdio command.');
    }
    target = { transport: 'stdio', command: command[0], args: command.slice(1), env: parseEnv(values.env ?? []), ...(values.cwd && { cwd: values.cwd }) };
  } else if (values['no-connect']) {
    target = null;
  } else {
    if (values.transport || values.header?.length) throw new UsageError('--transport and --header need --url.');
    // With --config the file says what to connect to, once it is read.
    target = values.config === undefined ? undefined : null;
  }

  if (values.rules !== undefined && target === null && values.config === undefined)
    throw new UsageError('--rules applies to the connection made at start, and --no-connect makes none.');

  return {
    help: values.help === true,
    version: values.version === true,
    check: values.check === true,
    port,
    host,
    allowAllInterfaces,
    open: values['no-open'] !== true,
    dataDir: values['data-dir'],
    idleCloseMs: values['idle-close'] === undefined ? 15_000 : integer('--idle-close', values['idle-close'], 0, 86_400) * 1000,
    ...(values.otlp !== undefined && { otlp: collectorUrl(values.otlp) }),
    protocol,
    timeoutMs: values.timeout === undefined ? 600_000 : integer('--timeout', values.timeout, 1, 86_400) * 1000,
    elicitation,
    ...(values.rules !== undefined && { rulesFile: values.rules }),
    roots,
    sampling: values.sampling === true,
    tasks: values.tasks === true,
    keepFileBytes: values['keep-file-bytes'] === true,
    target,
    ...(values.config !== undefined && { config: { file: values.config, ...(values.server !== undefined && { server: values.server }) } }),
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

function collectorUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new UsageError(`--otlp must be a collector's http(s) URL, not "${value}".`);
  return value;
}

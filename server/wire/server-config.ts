/**
 * The MCP server config files people already have: the `mcpServers` shape
 * (Claude Desktop, Cursor, the official inspector, Claude Code's .mcp.json) and
 * VS Code's `servers` shape (.vscode/mcp.json, which allows comments and
 * trailing commas). Each entry becomes a Target; what the inspector cannot use
 * is named in a note, never dropped in silence. Pure: the caller supplies the
 * environment, so the page can read a pasted config the same way.
 */
import { parseEnvFile } from './env-file';
import { parseJsonText } from './json-text';
import type { TargetInput } from './target';

/** Config files are small; anything bigger is not one. */
export const CONFIG_MAX_CHARS = 1_000_000;
const MAX_SERVERS = 1000;

export type ConfigServer = {
  name: string;
  target: TargetInput;
  /** The file marks it disabled; it is still offered, with this said. */
  isDisabled: boolean;
  notes: string[];
  /** With `unsetEnv: 'keep'`: the `${env:NAME}` names left in the target as written, for the person to fill in. */
  missingEnv?: string[];
};

export type ServerConfig = { format: 'mcpServers' | 'vscode'; servers: ConfigServer[]; notes: string[] };

export type ConfigProblem = { message: string; line?: number; column?: number };

export type ConfigContext = {
  /** Looks up `${env:NAME}`; undefined means unset. */
  env: (name: string) => string | undefined;
  /** `${userHome}`. */
  userHome?: string;
  /** `${workspaceFolder}`: for .vscode/mcp.json or .cursor/mcp.json, the folder that holds .vscode or .cursor. */
  workspaceFolder?: string;
  /** An unset `${env:NAME}`: leave the server out (a file read at start), or keep the reference and name it in `missingEnv` (a paste). */
  unsetEnv?: 'leave-out' | 'keep';
  /** Reads an `envFile` (its path as expanded): the text, or why not. Without it, `envFile` is noted as not read. */
  readFile?: (path: string) => { text: string } | { error: string };
};

const KNOWN_KEYS = new Set(['type', 'transport', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'serverUrl', 'headers', 'disabled']);
/** Keys tools write that say nothing about how to reach the server (descriptions, UI hints, auto-approval lists). */
const QUIET_KEYS = new Set(['description', 'name', 'autoApprove', 'alwaysAllow', 'timeout', 'icon', 'gallery', 'version']);

export function parseServerConfig(text: string, context: ConfigContext): { ok: true; config: ServerConfig } | { ok: false; problem: ConfigProblem } {
  if (text.length > CONFIG_MAX_CHARS)
    return { ok: false, problem: { message: `the file is ${text.length} characters; a config file is at most ${CONFIG_MAX_CHARS}.` } };
  const parsed = parseJsonc(text);
  if (!parsed.ok) return parsed;
  const root = parsed.value;
  if (!isRecord(root)) return { ok: false, problem: { message: 'the file must hold a JSON object with "mcpServers" or "servers".' } };
  const format = isRecord(root.mcpServers) ? 'mcpServers' : isRecord(root.servers) ? 'vscode' : undefined;
  if (!format) {
    const hint = 'mcpServers' in root || 'servers' in root ? ' It is there but is not an object of named servers.' : '';
    return { ok: false, problem: { message: `the file has no "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) object.${hint}` } };
  }
  const entries = Object.entries((format === 'mcpServers' ? root.mcpServers : root.servers) as Record<string, unknown>);
  const notes: string[] = [];
  const otherKeys = Object.keys(root).filter((key) => key !== (format === 'mcpServers' ? 'mcpServers' : 'servers') && key !== 'inputs' && key !== '$schema');
  if (otherKeys.length) notes.push(`Ignored top-level ${plural(otherKeys.length, 'key')}: ${otherKeys.map((key) => `"${key}"`).join(', ')}.`);
  if (entries.length > MAX_SERVERS) notes.push(`Only the first ${MAX_SERVERS} of ${entries.length} servers are read.`);
  const servers: ConfigServer[] = [];
  for (const [name, entry] of entries.slice(0, MAX_SERVERS)) {
    const server = readServer(name, entry, context);
    if ('problem' in server) notes.push(`Server "${name}" is left out: ${server.problem}`);
    else servers.push(server);
  }
  if (!servers.length) return { ok: false, problem: { message: `no usable server in the file. ${notes.join(' ')}`.trim() } };
  return { ok: true, config: { format, servers, notes } };
}

function readServer(name: string, entry: unknown, context: ConfigContext): ConfigServer | { problem: string } {
  if (!isRecord(entry)) return { problem: 'its entry is not an object.' };
  const notes: string[] = [];
  const unknown = Object.keys(entry).filter((key) => !KNOWN_KEYS.has(key) && !QUIET_KEYS.has(key));
  if (unknown.length) notes.push(`Ignored ${plural(unknown.length, 'key')}: ${unknown.map((key) => `"${key}"`).join(', ')}.`);
  const missing = new Set<string>();
  const expand = (value: string, where: string) => expandReferences(value, where, context, missing);
  const found = (server: ConfigServer): ConfigServer => (missing.size ? { ...server, missingEnv: [...missing] } : server);
  try {
    const kind = transportOf(entry);
    const isDisabled = entry.disabled === true;
    if (kind === 'stdio') {
      const command = stringField(entry, 'command');
      if (!command) return { problem: 'it has neither "command" nor "url".' };
      const target: TargetInput = {
        transport: 'stdio',
        command: expand(command, 'command'),
        args: stringList(entry.args, 'args').map((arg, i) => expand(arg, `args[${i}]`)),
        // The entry's own env wins over its envFile, as in VS Code.
        env: { ...envFileOf(entry, expand, context, notes), ...mapValues(stringMap(entry.env, 'env'), (value, key) => expand(value, `env.${key}`)) },
        ...(typeof entry.cwd === 'string' && { cwd: expand(entry.cwd, 'cwd') }),
      };
      if (entry.url !== undefined) notes.push('Ignored "url": the entry runs a command.');
      return found({ name, target, isDisabled, notes });
    }
    if (entry.envFile !== undefined) notes.push('Ignored "envFile": the entry does not run a command.');
    const url = stringField(entry, 'url') ?? stringField(entry, 'serverUrl');
    if (!url) return { problem: `its type is ${kind} but it has no "url".` };
    const headers = mapValues(stringMap(entry.headers, 'headers'), (value, key) => expand(value, `headers.${key}`));
    if (kind === 'sse' && entry.type === undefined && entry.transport === undefined) notes.push(SSE_WITHOUT_TYPE);
    return found({ name, target: { transport: kind, url: expand(url, 'url'), headers }, isDisabled, notes });
  } catch (error) {
    if (error instanceof EntryProblem) return { problem: error.message };
    throw error;
  }
}

class EntryProblem extends Error {}

const SSE_WITHOUT_TYPE =
  'No "type": read as SSE, as its URL ends in /sse. Cursor and VS Code try Streamable HTTP first and fall back to SSE; a POST to an SSE endpoint only gets a 404 or 405.';

/** An untyped URL whose path ends in /sse: the legacy SSE endpoint's usual name. */
function isSsePath(url: unknown): boolean {
  return typeof url === 'string' && /\/sse\/?$/i.test(url.split(/[?#]/)[0] ?? '');
}

function transportOf(entry: Record<string, unknown>): 'stdio' | 'http' | 'sse' {
  const declared = typeof entry.type === 'string' ? entry.type : typeof entry.transport === 'string' ? entry.transport : undefined;
  if (declared === undefined) return typeof entry.command === 'string' ? 'stdio' : isSsePath(entry.url ?? entry.serverUrl) ? 'sse' : 'http';
  const kind = declared.toLowerCase().replace(/[-_]/g, '');
  if (kind === 'stdio') return 'stdio';
  if (kind === 'sse') return 'sse';
  if (kind === 'http' || kind === 'streamablehttp') return 'http';
  throw new EntryProblem(`its type "${declared}" is not one of stdio, http (streamable-http) or sse.`);
}

/**
 * `${env:NAME}`, `${userHome}` and `${workspaceFolder}`, as VS Code and Cursor expand them. An unset
 * variable or a VS Code `${input:…}` prompt cannot be resolved here: the entry is left out, saying which.
 */
function expandReferences(value: string, where: string, context: ConfigContext, missing: Set<string>): string {
  return value.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    if (inner.startsWith('env:')) {
      const resolved = context.env(inner.slice(4));
      if (resolved !== undefined) return resolved;
      if (context.unsetEnv === 'keep') {
        missing.add(inner.slice(4));
        return whole;
      }
      throw new EntryProblem(`${where} refers to \${${inner}}, which is not set in the environment.`);
    }
    if (inner === 'userHome' && context.userHome) return context.userHome;
    if (inner === 'workspaceFolder' && context.workspaceFolder) return context.workspaceFolder;
    if (inner.startsWith('input:'))
      throw new EntryProblem(
        `${where} uses \${${inner}}, which VS Code asks for when it starts the server; put the value in the file or in an environment variable.`,
      );
    return whole;
  });
}

/** The variables of the entry's `envFile`, when the caller can read files; what could not be read is noted. */
function envFileOf(entry: Record<string, unknown>, expand: (value: string, where: string) => string, context: ConfigContext, notes: string[]) {
  const path = stringField(entry, 'envFile');
  if (path === undefined) return {};
  const expanded = expand(path, 'envFile');
  if (!context.readFile) {
    notes.push(`"envFile" (${expanded}) is not read here: add its variables to the environment by hand.`);
    return {};
  }
  const read = context.readFile(expanded);
  if ('error' in read) {
    notes.push(`Could not read "envFile" ${expanded}: ${read.error}`);
    return {};
  }
  const { env, badLines } = parseEnvFile(read.text);
  if (badLines.length)
    notes.push(
      `"envFile" ${expanded}: ${plural(badLines.length, 'line')} ${badLines.join(', ')} ${badLines.length === 1 ? 'is' : 'are'} not KEY=VALUE, ignored.`,
    );
  return env;
}

function stringField(entry: Record<string, unknown>, key: string): string | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !value) throw new EntryProblem(`"${key}" must be a non-empty string.`);
  return value;
}

function stringList(value: unknown, key: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new EntryProblem(`"${key}" must be a list of strings.`);
  return value.map((item, i) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw new EntryProblem(`"${key}[${i}]" must be a string.`);
  });
}

function stringMap(value: unknown, key: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new EntryProblem(`"${key}" must be an object of names to strings.`);
  return mapValues(value, (item, name) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw new EntryProblem(`"${key}.${name}" must be a string.`);
  });
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T, key: string) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]));
}

/** JSON with comments and trailing commas (VS Code's flavour), with the line and column of a syntax error. */
export function parseJsonc(text: string): { ok: true; value: unknown } | { ok: false; problem: ConfigProblem } {
  const read = parseJsonText(text, { isJsonc: true });
  if (read.ok) return read;
  const { line, column, reason } = read.problem;
  return { ok: false, problem: { message: `not valid JSON: ${reason}.`, line, column } };
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

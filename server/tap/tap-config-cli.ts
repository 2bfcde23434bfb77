/**
 * `elicitation-inspector tap --config FILE --server NAME [--write | --restore]`: one server of a
 * host's config file (Claude Desktop, Cursor, VS Code; read as `--config` reads them) routed
 * through the tap. A stdio entry's command becomes `npx -y elicitation-inspector tap -- <its
 * command…>`; a URL entry's URL becomes the tap's loopback URL, and the person starts
 * `tap --url <its URL> --listen PORT` (a host does not launch anything for a URL entry). Only
 * those values change in the file: every other character (other servers, comments, order) stays.
 */
import { constants, copyFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Writable } from 'node:stream';
import { parseJsonc, parseServerConfig } from '../wire/server-config';
import { formatLike, indentAt, lineEndOf, membersOf, replaceSpans, spanAt } from './config-entry';

/** The backup `--write` keeps beside the file, and `--restore` puts back. */
export const BACKUP_SUFFIX = '.before-tap';
/** How a routed stdio entry starts: the tap from the registry, as a host finds it on PATH. */
export const TAP_LAUNCH = ['npx', '-y', 'elicitation-inspector', 'tap'] as const;

type Io = { stdout: Writable; stderr: Writable };
type Entry = Record<string, unknown>;
type Options = { file: string; server?: string; listen?: number; dataDir?: string; mode: 'print' | 'write' | 'restore' };

class ConfigFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export async function tapConfigCli(argv: string[], io: Io = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  try {
    const options = parseArgs(argv);
    if (options.mode === 'restore') return restore(options.file, io);
    return await route(options, io);
  } catch (error) {
    if (!(error instanceof ConfigFailure)) throw error;
    io.stderr.write(`elicitation-inspector tap: ${error.message}\n`);
    return error.code;
  }
}

function parseArgs(argv: string[]): Options {
  const options: Partial<Options> & { mode: Options['mode'] } = { mode: 'print' };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i]];
    if (name === '--write' || name === '--restore') {
      if (options.mode !== 'print') throw new ConfigFailure('--write and --restore go alone, not together.', 2);
      options.mode = name === '--write' ? 'write' : 'restore';
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigFailure(`${name} needs a value.`, 2);
    if (name === '--config') options.file = value;
    else if (name === '--server') options.server = value;
    else if (name === '--data-dir') options.dataDir = value;
    else if (name === '--listen') {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new ConfigFailure(`--listen ${value} is not a port number.`, 2);
      options.listen = port;
    } else throw new ConfigFailure(`unknown option ${argv[i]} with --config.`, 2);
  }
  if (!options.file) throw new ConfigFailure('--config needs the config file.', 2);
  if (options.mode !== 'restore' && options.server === undefined)
    throw new ConfigFailure('--config needs --server NAME: the server to route through the tap.', 2);
  return options as Options;
}

function restore(file: string, io: Io): number {
  const backup = `${file}${BACKUP_SUFFIX}`;
  if (!existsSync(backup)) throw new ConfigFailure(`nothing to restore: there is no ${backup} (tap --config … --write keeps one there).`, 1);
  renameSync(backup, file);
  io.stderr.write(`elicitation-inspector tap: put ${file} back as it was before the tap (from ${backup}).\n`);
  return 0;
}

async function route(options: Options, io: Io): Promise<number> {
  const { file } = options;
  const name = options.server!;
  const text = readText(file);
  // Read as --config reads it, but with `${…}` left for the host to expand (`${` only occurs in strings and comments).
  const read = parseServerConfig(text.replaceAll('${', '$_{'), { env: () => undefined, unsetEnv: 'keep' });
  if (!read.ok) throw new ConfigFailure(`--config ${read.problem.line ? `${file}:${read.problem.line}` : file}: ${read.problem.message}`, 2);
  const server = read.config.servers.find((s) => s.name === name);
  if (!server) throw new ConfigFailure(`--config ${file} has no server "${name}". It has: ${read.config.servers.map((s) => s.name).join(', ')}.`, 2);
  const path = [read.config.format === 'mcpServers' ? 'mcpServers' : 'servers', name];
  const entrySpan = spanAt(text, path)!;
  const entry = jsonc(text.slice(entrySpan.start, entrySpan.end)) as Entry;
  const backupPath = `${file}${BACKUP_SUFFIX}`;
  const before = existsSync(backupPath) ? entryIn(readText(backupPath), path) : undefined;
  const members = membersOf(text, entrySpan);
  const edits: { span: { start: number; end: number }; text: string }[] = [];
  let isRouted: boolean;
  let startFirst: string | undefined;

  if (server.target.transport === 'stdio') {
    const args = Array.isArray(entry.args) ? (entry.args as unknown[]) : [];
    isRouted = entry.command === TAP_LAUNCH[0] && args.slice(0, 3).join(' ') === TAP_LAUNCH.slice(1).join(' ');
    const tapArgs = [...TAP_LAUNCH.slice(1), ...(options.dataDir ? ['--data-dir', options.dataDir] : []), '--', String(entry.command), ...args.map(String)];
    const command = members.find((m) => m.key === 'command')!;
    const argsMember = members.find((m) => m.key === 'args');
    edits.push({ span: command.value, text: JSON.stringify(TAP_LAUNCH[0]) });
    if (argsMember) edits.push({ span: argsMember.value, text: formatLike(text, tapArgs, argsMember.value, argsMember.keySpan.start) });
    else {
      const at = command.value.end;
      edits.push({
        span: { start: at, end: at },
        text: `,${lineEndOf(text)}${indentAt(text, command.keySpan.start)}"args": ${formatLike(text, tapArgs, undefined, command.keySpan.start)}`,
      });
    }
  } else {
    const urlMember = members.find((m) => m.key === 'url') ?? members.find((m) => m.key === 'serverUrl')!;
    const current = String(entry[urlMember.key]);
    const original = before && typeof before[urlMember.key] === 'string' ? (before[urlMember.key] as string) : current;
    isRouted = original !== current && /^http:\/\/127\.0\.0\.1:\d+\//.test(current);
    let target: URL;
    try {
      target = new URL(original);
    } catch {
      throw new ConfigFailure(`server "${name}" has the URL ${original}, which the tap cannot read (a \${…} reference?): route it by hand with tap --url.`, 2);
    }
    const port = isRouted ? Number(new URL(current).port) : (options.listen ?? (await freePort()));
    edits.push({ span: urlMember.value, text: JSON.stringify(`http://127.0.0.1:${port}${target.pathname}${target.search}`) });
    startFirst = `npx -y elicitation-inspector tap${options.dataDir ? ` --data-dir ${options.dataDir}` : ''} --url ${original} --listen ${port}`;
  }

  const routed = isRouted ? text : replaceSpans(text, edits);
  const shown = entryIn(routed, path);
  io.stdout.write(`${JSON.stringify({ [name]: shown }, null, 2)}\n`);
  const say = (line: string) => io.stderr.write(`elicitation-inspector tap: ${line}\n`);
  if (startFirst) say(`the host reaches a URL and launches nothing for it: keep the tap running with ${startFirst}`);
  if (options.mode === 'print') return 0;
  if (isRouted) {
    say(`"${name}" in ${file} already goes through the tap; the file is left as it is.`);
    return 0;
  }
  // The first write keeps the original; later ones (another server, say) leave that backup alone.
  if (!existsSync(backupPath)) copyFileSync(file, backupPath, constants.COPYFILE_EXCL);
  const temporary = `${file}.tap-${process.pid}`;
  writeFileSync(temporary, routed, { mode: statSync(file).mode & 0o777 });
  renameSync(temporary, file);
  say(`routed "${name}" in ${file} through the tap; restart the host. The file as it was is ${backupPath} (tap --config ${file} --restore).`);
  return 0;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigFailure(`cannot read --config ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}.`, 2);
  }
}

function jsonc(text: string): unknown {
  const parsed = parseJsonc(text);
  if (!parsed.ok) throw new ConfigFailure(`cannot read the entry: ${parsed.problem.message}`, 2);
  return parsed.value;
}

function entryIn(text: string, path: string[]): Entry | undefined {
  const span = spanAt(text, path);
  return span ? (jsonc(text.slice(span.start, span.end)) as Entry) : undefined;
}

/** A port free on loopback now, for a URL entry routed without --listen. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

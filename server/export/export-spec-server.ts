/**
 * The recorded stdio command as an exported spec writes it: paths inside the
 * project are made relative (args to the server's cwd, the cwd to the spec's
 * folder), so the spec runs wherever the project is checked out; paths outside
 * it (a system tool, another user's home) stay as they were.
 */
import { homedir, tmpdir } from 'node:os';
import { basename, isAbsolute, parse, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TargetSummary } from '../wire/target';

export type PortableServer = {
  command: string;
  /** The command was a node binary: the spec runs it with the Node.js that runs the test. */
  isNode: boolean;
  args: string[];
  env: Record<string, string>;
  /** Relative to the spec's folder when the spec's folder is known and shares the project; absent when none was recorded or needed. */
  cwd?: string;
};

type StdioSummary = Extract<TargetSummary, { transport: 'stdio' }>;

export function portableServer(target: StdioSummary, specDir: string | undefined): PortableServer {
  const isNode = isAbsolute(target.command) && /^node(\.exe)?$/i.test(basename(target.command));
  const inProject = (path: string) => specDir !== undefined && isAbsolute(path) && sharesProject(resolve(specDir), resolve(path));
  // Relative args are read from the server's cwd: the recorded one, else the spec's folder once a path is made relative to it.
  const base = target.cwd ?? specDir;
  const cwd = target.cwd !== undefined && isAbsolute(target.cwd) ? target.cwd : undefined;
  const toBase = (path: string) => {
    if (!isAbsolute(path)) return path;
    if (cwd !== undefined && isUnder(cwd, path)) return relative(cwd, path) || '.';
    return base !== undefined && inProject(path) ? relative(base, path) || '.' : path;
  };
  const args = target.args.map((arg) => {
    // A file: URL (node --import's loader) made relative must read as a relative specifier: ./ or ../ first.
    const path = fileUrlPath(arg);
    if (path === undefined) return toBase(arg);
    const made = toBase(path);
    return made === path ? arg : made.startsWith('.') ? made : `.${sep}${made}`;
  });
  const rewritten = isNode ? target.command : toBase(target.command);
  // A command made relative runs from the cwd: ./ first, so it never reads as a name looked up on PATH.
  const command = rewritten === target.command || rewritten.startsWith('.') ? rewritten : `.${sep}${rewritten}`;
  const isRewritten = args.some((arg, i) => arg !== target.args[i]) || command !== target.command;
  const specCwd =
    target.cwd !== undefined
      ? specDir !== undefined && inProject(target.cwd)
        ? relative(specDir, target.cwd) || '.'
        : target.cwd
      : isRewritten
        ? '.'
        : undefined;
  return { command, isNode, args, env: target.env, ...(specCwd !== undefined && { cwd: specCwd }) };
}

function fileUrlPath(arg: string): string | undefined {
  if (!arg.startsWith('file://')) return undefined;
  try {
    return fileURLToPath(arg);
  } catch {
    // Not a file URL Node can read (a host, bad escapes): left as recorded.
    return undefined;
  }
}

function isUnder(folder: string, path: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/**
 * Whether two absolute paths lie in one project: their deepest common folder is
 * neither the file system's root nor the home folder or the temporary folder (or above
 * either): two folders under /tmp are two projects, not one.
 */
function sharesProject(a: string, b: string): boolean {
  const left = a.split(sep);
  const right = b.split(sep);
  let same = 0;
  while (same < left.length && same < right.length && left[same] === right[same]) same++;
  const common = left.slice(0, same).join(sep) || sep;
  if (common === parse(common).root) return false;
  return ![homedir(), tmpdir()].map((folder) => resolve(folder)).some((folder) => folder === common || folder.startsWith(common + sep));
}

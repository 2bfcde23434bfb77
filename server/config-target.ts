/**
 * `--config FILE [--server NAME]`: read the file, pick the server, and say what
 * was ignored. Every refusal names the file (and the line, for a syntax error).
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { UsageError } from './cli-args';
import { CONFIG_MAX_CHARS, parseServerConfig, type ConfigServer } from './wire/server-config';

/** Folders whose config file belongs to the project around them (VS Code, Cursor). */
const WORKSPACE_MARKERS = new Set(['.vscode', '.cursor']);

export type ConfigChoice = {
  /** The server to connect to at start; undefined when the file has several and none was named. */
  chosen?: ConfigServer;
  /** Every server of the file, to offer in the page. */
  servers: ConfigServer[];
  /** What the file-level reading ignored or left out (each server carries its own notes too). */
  notes: string[];
};

export function readConfigTargets(file: string, serverName: string | undefined, env: NodeJS.ProcessEnv = process.env): ConfigChoice {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --config ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  const path = resolve(file);
  // ${workspaceFolder} in .vscode/mcp.json or .cursor/mcp.json is the project: the folder that holds .vscode or .cursor.
  const folder = WORKSPACE_MARKERS.has(basename(dirname(path))) ? dirname(dirname(path)) : dirname(path);
  const result = parseServerConfig(text, { env: (name) => env[name], userHome: homedir(), workspaceFolder: folder, readFile: readEnvFile(folder) });
  if (!result.ok) {
    const where = result.problem.line ? `${file}:${result.problem.line}:${result.problem.column ?? 1}` : file;
    throw new UsageError(`--config ${where}: ${result.problem.message}`);
  }
  const { servers } = result.config;
  const { notes } = result.config;
  if (serverName !== undefined) {
    const chosen = servers.find((server) => server.name === serverName);
    if (!chosen) throw new UsageError(`--config ${file} has no server "${serverName}". It has: ${servers.map((server) => server.name).join(', ')}.`);
    return { chosen, servers, notes };
  }
  const enabled = servers.filter((server) => !server.isDisabled);
  return { chosen: enabled.length === 1 ? enabled[0] : undefined, servers, notes };
}

/** An envFile's text; a relative path is taken from the workspace folder, as VS Code and Cursor take it. */
function readEnvFile(folder: string): (path: string) => { text: string } | { error: string } {
  return (path) => {
    const file = resolve(folder, path);
    try {
      // A device or a huge file is not an env file: never read it whole.
      const stat = statSync(file);
      if (!stat.isFile()) return { error: 'not a file.' };
      if (stat.size > CONFIG_MAX_CHARS) return { error: `it is ${stat.size} bytes; an env file is at most ${CONFIG_MAX_CHARS}.` };
      return { text: readFileSync(file, 'utf8') };
    } catch (error) {
      return { error: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file.' : (error as Error).message };
    }
  };
}

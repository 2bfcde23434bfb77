/**
 * Start the inspector for one test: its own free port on 127.0.0.1, its own data
 * folder and token; stop() ends it and every process it started, then removes the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The MCP server under test: a stdio command line, or a URL. */
export type InspectorTarget =
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { url: string; transport?: 'http' | 'sse'; headers?: Record<string, string> };

export type InspectorOptions = {
  /** The server to connect to at start; the inspector's demo server when absent. */
  target?: InspectorTarget;
  /** Protocol version the client offers: `auto` (default), `2026-07-28`, `2025-11-25`, `2025-06-18`. */
  protocol?: string;
  /** Further command-line options, as `elicitation-inspector --help` lists them. */
  args?: string[];
  /** Keep session files here (not removed on stop); a fresh temporary folder otherwise. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the inspector to listen (default 30 s). */
  startTimeoutMs?: number;
};

export type Inspector = {
  /** The page's address with the token in its fragment. */
  url: string;
  /** `http://127.0.0.1:<port>` (`http://[::1]:<port>` with `--host ::1`, whose page is at `localhost`) */
  origin: string;
  /** `127.0.0.1:<port>`, where it listens */
  host: string;
  port: number;
  token: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the inspector printed so far (stdout and stderr). */
  output: () => string;
  /** Stop the inspector and everything it started; remove its data folder unless it was given. */
  stop: () => Promise<void>;
};

/** What the inspector prints once it listens: where (for a client here), then the page's address (for a browser). */
const OPEN_LINE =
  /listening on http:\/\/((?:127\.0\.0\.1|localhost|\[::1\]):(\d+))\/\nOpen: (http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/#token=([A-Za-z0-9._~-]+))/;

/** The inspector's bin: beside this file's package, from the sources (kit/) or the build (dist/playwright/). */
function findBin(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = join(dir, 'server/bin.mjs');
    if (existsSync(bin)) return bin;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`elicitation-inspector/playwright: cannot find server/bin.mjs above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** The command-line arguments that name a target and a protocol. */
export function targetArgs(target: InspectorTarget | undefined, protocol?: string): string[] {
  const args = protocol ? ['--protocol', protocol] : [];
  if (!target) return args;
  if ('url' in target) {
    args.push('--url', target.url);
    if (target.transport) args.push('--transport', target.transport);
    for (const [name, value] of Object.entries(target.headers ?? {})) args.push('--header', `${name}: ${value}`);
    return args;
  }
  for (const [key, value] of Object.entries(target.env ?? {})) args.push('--env', `${key}=${value}`);
  if (target.cwd) args.push('--cwd', target.cwd);
  return [...args, '--', target.command, ...(target.args ?? [])];
}

export async function startInspector(options: InspectorOptions = {}): Promise<Inspector> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'elicitation-inspector-'));
  const token = randomBytes(24).toString('hex');
  const args = [
    findBin(),
    '--no-open',
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...(options.args ?? []),
    ...targetArgs(options.target, options.protocol),
  ];
  // Its own process group: on stop, whatever the inspector started and left behind is ended with it.
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ELICITATION_INSPECTOR_TOKEN: token, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  let output = '';
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    await endProcess(child);
    endGroup(child);
    removeData();
  };
  let match: RegExpExecArray;
  try {
    match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timeoutMs = options.startTimeoutMs ?? 30_000;
      const timer = setTimeout(() => reject(new Error(`The inspector did not print its Open: line within ${timeoutMs} ms. It printed:\n${output}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const found = OPEN_LINE.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The inspector exited (${signal ?? `code ${code}`}) before it was listening. It printed:\n${output}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  child.removeAllListeners('exit');
  const [, host, port, url, printedToken] = match;
  return { url, host, origin: `http://${host}`, port: Number(port), token: printedToken, dataDir, process: child, output: () => output, stop };
}

/** SIGTERM (the inspector closes its sessions and their servers), SIGKILL if it has not exited within 5 s. */
async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function endGroup(child: ChildProcess): void {
  if (!child.pid || process.platform === 'win32') return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already empty, which is the usual case after a clean stop.
  }
}

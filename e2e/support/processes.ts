/**
 * Start the real inspector and real MCP servers for tests, on 127.0.0.1 only,
 * and stop each by its own process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The kit's start-up alone (no @playwright/test): Vitest's integration tests use it too.
import { startInspector as startKitInspector, type Inspector } from '../../kit/start-inspector.js';
import { demoTarget } from '../../server/demo/demo-target';
import { isProcessId } from '../../server/store/process-alive';
import { targetScript } from './target-bundles';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TSX = import.meta.resolve('tsx');
const LOOPBACK_PRELOAD = fileURLToPath(new URL('./loopback-only.mjs', import.meta.url));
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

export type Started = { process: ChildProcess; stop: () => Promise<void>; output: () => string };

/** Spawn and wait until a line of output matches; returns the match. */
export async function startUntil(
  command: string,
  args: string[],
  ready: RegExp,
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<Started & { match: RegExpExecArray }> {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Timed out waiting for ${ready} from ${command} ${args.join(' ')}:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = ready.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { process: child, match, stop: () => stopProcess(child), output: () => output };
}

/**
 * A child's stdout as it comes: `until(text)` resolves once the output holds `text`, and rejects, with
 * what was written, if the process exits first. It has no deadline of its own: the test's own timeout
 * bounds it, since how long a process takes to start depends on the machine, not on the product.
 */
export function watchStdout(child: ChildProcess): { text: () => string; until: (text: string) => Promise<void> } {
  let out = '';
  const waiting = new Set<{ text: string; resolve: () => void; reject: (error: Error) => void }>();
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const wait of waiting) {
      if (!out.includes(wait.text)) continue;
      waiting.delete(wait);
      wait.resolve();
    }
  });
  child.once('exit', (code, signal) => {
    for (const wait of waiting) wait.reject(new Error(`the process exited (${signal ?? code}) before writing ${wait.text}; it wrote:\n${out}`));
    waiting.clear();
  });
  return {
    text: () => out,
    until: (text) =>
      out.includes(text)
        ? Promise.resolve()
        : child.exitCode !== null || child.signalCode !== null
          ? Promise.reject(new Error(`the process had exited before writing ${text}; it wrote:\n${out}`))
          : new Promise((resolve, reject) => waiting.add({ text, resolve, reject })),
  };
}

/** Whether a process id is still running (a zombie waiting for its parent to reap it counts as ended). */
export function isAlive(pid: number): boolean {
  // 0 and negative numbers name process groups (0: the caller's own), never one process: a half-written pid file reads as 0.
  if (!isProcessId(pid)) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true; // no /proc here: kill(0) is all we know
  }
}

/** Poll until a process has ended; false if it is still running after `timeoutMs`. */
export async function ended(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export type { Inspector } from '../../kit/start-inspector.js';

/** The inspector as a user starts it (through the Playwright kit): a free port, its own data folder and token. */
export async function startInspector(args: string[] = [], options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Inspector> {
  return startKitInspector({ args, dataDir: options.dataDir, env: options.env });
}

/** server-everything over Streamable HTTP or SSE, forced onto 127.0.0.1 and a free port. */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<Started & { url: string }> {
  const started = await startUntil(process.execPath, ['--import', LOOPBACK_PRELOAD, EVERYTHING, mode], /LOOPBACK_PORT=(\d+)/, { env: { PORT: '0' } });
  const port = started.match[1];
  return { ...started, url: mode === 'sse' ? `http://127.0.0.1:${port}/sse` : `http://127.0.0.1:${port}/mcp` };
}

/** The stdio command line for the inspector's own demo server (its bundle when current). */
export function demoStdio(): { command: string; args: string[] } {
  const { command, args } = demoTarget() as { command: string; args: string[] };
  return { command, args };
}

/** The demo server over Streamable HTTP (both eras on one endpoint). */
export async function startDemoHttp(): Promise<Started & { url: string }> {
  const started = await startUntil(
    process.execPath,
    [...targetScript('demo-http', join(ROOT, 'server/demo/http.ts'), TSX), '--port', '0'],
    /LOOPBACK_PORT=(\d+)/,
  );
  return { ...started, url: `http://127.0.0.1:${started.match[1]}/mcp` };
}

/** The stdio command line for server-everything. */
export function everythingStdio(): { command: string; args: string[] } {
  return { command: process.execPath, args: [EVERYTHING, 'stdio'] };
}

/** The stdio command line for one of e2e/targets: its bundle (target-bundles.ts), else its TypeScript through tsx. */
export function targetStdio(name: string, ...extra: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [...targetScript(name, join(ROOT, 'e2e/targets', `${name}.ts`), TSX), ...extra] };
}

/** Start an HTTP target from e2e/targets; it prints LOOPBACK_PORT=n when listening. */
export async function startHttpTarget(name: string, ...extra: string[]): Promise<Started & { port: number }> {
  const started = await startUntil(process.execPath, [...targetScript(name, join(ROOT, 'e2e/targets', `${name}.ts`), TSX), ...extra], /LOOPBACK_PORT=(\d+)/);
  return { ...started, port: Number(started.match[1]) };
}

/** The running processes whose parent is `parent` (the test's own process by default), read from the process table in /proc. */
export function childProcesses(parent = process.pid): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === parent && state !== 'Z') children.push(Number(name));
    } catch {
      // It ended while the table was read.
    }
  }
  return children;
}

/** Poll until `parent` has no running child process; the ones still running after `timeoutMs`. */
export async function untilNoChildren(parent = process.pid, timeoutMs = 10_000): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = childProcesses(parent);
    if (left.length === 0 || Date.now() >= until) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

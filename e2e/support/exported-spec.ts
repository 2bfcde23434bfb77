/**
 * Exports the session an inspector recorded with `export-spec`, and runs the spec it wrote, with Playwright, from a folder of its own under
 * .tmp/ (it imports the built kit, so `npm run build` must have run).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes';

/** Long enough for an exported session that waits on server-side deadlines, on a busy machine. */
const RUN_TIMEOUT_MS = 200_000;

/** `dir`: the folder to run it from (emptied first, removed after); a fresh one under .tmp/ by default. */
export function runExported(
  name: string,
  source: string,
  dir = join(ROOT, '.tmp', `exported-${process.pid}-${name}`),
): { status: number | null; output: string } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.spec.ts`), source);
  // playwright.config.ts has set CHROMIUM_PATH to the browser these tests launch (unset: Playwright's own).
  const chromium = process.env.CHROMIUM_PATH;
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', workers: 1, outputDir: 'results', use: { launchOptions: { executablePath: ${JSON.stringify(chromium)}, args: ['--no-sandbox'] } } });
`,
  );
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
  const run = spawnSync(process.execPath, [cli, 'test', '--config', join(dir, 'playwright.config.ts'), '--reporter', 'line'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: '', FORCE_COLOR: '0' },
    timeout: RUN_TIMEOUT_MS,
  });
  rmSync(dir, { recursive: true, force: true });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The spec `export-spec` writes for the one session file in `dataDir` (the CLI, as a user runs it), to `out`. */
export function exportSessionSpec(dataDir: string, out = join(dataDir, 'replay.spec.ts')): string {
  const [file] = readdirSync(dataDir).filter((f) => f.endsWith('.jsonl'));
  const exported = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'export-spec', join(dataDir, file), '--out', out], { encoding: 'utf8' });
  if (exported.status !== 0) throw new Error(`export-spec exited with ${exported.status}: ${exported.stderr}`);
  return readFileSync(out, 'utf8');
}

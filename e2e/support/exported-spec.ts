/**
 * Exports the session an inspector recorded with `export-spec`, and runs the specs written that way, with Playwright, in one run from a
 * folder of their own under .tmp/ (they import the built kit, so `npm run build` must have run). One run for all of them: each run of
 * its own started a Playwright runner, a worker and a browser again (~3.8 s of CPU a spec).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './processes';

/** One exported test as the run's JSON report tells it: its status and its errors as the line reporter prints them (the report keeps their colours; not these). */
export type ExportedResult = { title: string; status: string; errors: string[] };
export type ExportedRun = {
  status: number | null;
  /** What the person running it reads: the line reporter's output. */
  output: string;
  /** Each spec file's tests, by the file's path from the run's folder (`/` between folders). */
  files: Map<string, ExportedResult[]>;
};

type ReportSuite = {
  file?: string;
  suites?: ReportSuite[];
  specs?: { title: string; file: string; tests: { results: { status: string; errors: { message?: string }[] }[] }[] }[];
};

/**
 * Runs every spec under `dir` with Playwright, as a user runs an exported test, one worker; `dir` is the config's testDir.
 * Async: the run takes a while, and this worker's own timeouts must keep running.
 */
export async function runExportedSpecs(dir: string): Promise<ExportedRun> {
  // playwright.config.ts has set CHROMIUM_PATH to the browser these tests launch (unset: Playwright's own).
  const chromium = process.env.CHROMIUM_PATH;
  const config = join(dir, 'playwright.config.ts');
  const report = join(dir, 'report.json');
  writeFileSync(
    config,
    `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', workers: 1, outputDir: 'results', use: { launchOptions: { executablePath: ${JSON.stringify(chromium)}, args: ['--no-sandbox'] } } });
`,
  );
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
  const { status, output } = await new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [cli, 'test', '--config', config, '--reporter', 'line,json'], {
      cwd: ROOT,
      env: { ...process.env, CI: '', FORCE_COLOR: '0', PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('exit', (code) => resolve({ status: code, output: text }));
  });
  const files = new Map<string, ExportedResult[]>();
  if (!existsSync(report)) return { status, output, files };
  const walk = (suite: ReportSuite): void => {
    for (const spec of suite.specs ?? []) {
      const results = spec.tests.flatMap((t) => t.results);
      const key = spec.file.split('\\').join('/');
      files.set(key, [
        ...(files.get(key) ?? []),
        ...results.map((r) => ({ title: spec.title, status: r.status, errors: r.errors.map((e) => stripVTControlCharacters(e.message ?? '')) })),
      ]);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (JSON.parse(readFileSync(report, 'utf8')) as { suites: ReportSuite[] }).suites) walk(suite);
  return { status, output, files };
}

/** The spec `export-spec` writes for the one session file in `dataDir` (the CLI, as a user runs it), to `out`. */
export function exportSessionSpec(dataDir: string, out = join(dataDir, 'replay.spec.ts')): string {
  const [file] = readdirSync(dataDir).filter((f) => f.endsWith('.jsonl'));
  const exported = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'export-spec', join(dataDir, file), '--out', out], { encoding: 'utf8' });
  if (exported.status !== 0) throw new Error(`export-spec exited with ${exported.status}: ${exported.stderr}`);
  return readFileSync(out, 'utf8');
}

// Builds elicitation-inspector/playwright into dist/playwright: one ES module (its
// packages, @playwright/test first, stay external) and .d.ts files beside it.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

rmSync('dist/playwright', { recursive: true, force: true });

await build({
  entryPoints: { playwright: 'kit/playwright.ts' },
  outdir: 'dist/playwright',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'kit/tsconfig.json'], { stdio: 'inherit' });

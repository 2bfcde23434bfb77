// Builds elicitation-inspector/playwright into dist/playwright: one ES module and .d.ts files
// beside it. Playwright is the user's (a peer dependency) and stays outside; ws is bundled in, as
// the proxy's packages are in dist/server, so the package installs with no dependencies.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { writeBundleNotices } from '../scripts/bundle-notices.mjs';

rmSync('dist/playwright', { recursive: true, force: true });

const { metafile } = await build({
  entryPoints: { playwright: 'kit/playwright.ts' },
  outdir: 'dist/playwright',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@playwright/test', 'playwright', 'playwright-core', 'bufferutil', 'utf-8-validate'],
  // ws is CommonJS: its require() calls for Node's own modules need one.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
});
writeBundleNotices(metafile, 'dist/playwright/THIRD-PARTY-NOTICES.txt');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'kit/tsconfig.json'], { stdio: 'inherit' });

// Builds elicitation-inspector/playwright into dist/playwright: one ES module and .d.ts files
// beside it. Playwright is the user's (a peer dependency) and stays outside; ws and zod are bundled
// in, as the proxy's packages are in dist/server, so the package installs with no dependencies.
// Of the project, the bundle holds kit/ and server/wire/ (the contract and its WebSocket client,
// which import nothing else): the build fails naming any other file that reaches it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
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
  plugins: [withoutZodLocales()],
});
const strays = Object.keys(metafile.inputs).filter((input) => !/^(kit\/|server\/wire\/|node_modules\/|without-zod-locales:)/.test(input));
if (strays.length) throw new Error(`The kit's bundle may hold kit/ and server/wire/ of the project, not: ${strays.join(', ')}`);
writeBundleNotices(metafile, 'dist/playwright/THIRD-PARTY-NOTICES.txt');

// The declarations are written from the repository's root (the kit's files import server/wire) to .tmp/kit-types
// (kit/tsconfig.json), and the kit's own are copied beside the bundle: those playwright.d.ts reaches, none of which
// may reach outside kit/.
const types = '.tmp/kit-types';
rmSync(types, { recursive: true, force: true });
try {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'kit/tsconfig.json'], { stdio: 'inherit' });
  const pending = ['playwright.d.ts'];
  for (const copied = new Set(); pending.length;) {
    const file = pending.pop();
    if (copied.has(file)) continue;
    copied.add(file);
    const text = readFileSync(join(types, 'kit', file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from |import\()['"](\.[^'"]+)['"]/g)) {
      const target = posix.normalize(specifier.replace(/\.js$/, '.d.ts'));
      if (target.startsWith('../')) throw new Error(`dist/playwright/${file} would import ${specifier}, which the package does not ship.`);
      pending.push(target);
    }
    copyFileSync(join(types, 'kit', file), join('dist/playwright', file));
  }
} finally {
  rmSync(types, { recursive: true, force: true });
}

/**
 * zod re-exports every language's error messages as `z.locales` (about 360 kB the kit never reads: it
 * checks the proxy's messages and says what did not fit in English, which zod registers on its own).
 * A namespace re-export cannot be shaken out, so the bundle gets an empty one in its place.
 */
function withoutZodLocales() {
  return {
    name: 'without-zod-locales',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        /[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'without-zod-locales' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
    },
  };
}

// Bundles the proxy and the demo server into dist/server so they start without compiling
// TypeScript on every run. The packages they use are bundled in too: Node then reads a few
// chunk files instead of resolving and loading the several hundred files of zod, ajv, the MCP
// SDK and the others one by one, which was most of a start's CPU (an inspector's start, to the
// moment it is settled with nothing connected, went from ~0.41 s of CPU to ~0.23 s; the demo
// server's, to its answer to `initialize`, from ~0.36 s to ~0.27 s). What stays outside is what
// the user brings (Playwright, for `demo`) and ws's optional native add-ons. The licenses of the
// packages bundled in are written beside the bundles (THIRD-PARTY-NOTICES.txt).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { writeBundleNotices } from '../scripts/bundle-notices.mjs';

rmSync('dist/server', { recursive: true, force: true });

const { metafile } = await build({
  entryPoints: { cli: 'server/cli.ts', demo: 'walkthrough/main.ts', 'demo-stdio': 'server/demo/stdio.ts', 'demo-http': 'server/demo/http.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['playwright', 'playwright-core', '@playwright/test', 'bufferutil', 'utf-8-validate', 'tsx', 'tsx/*'],
  // The bundled CommonJS packages (ajv, ws) call require() for Node's own modules: each chunk has one.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  // The session code (and the MCP SDK it imports) loads on first connect, after the HTTP server is up.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  // Stack traces map to the TypeScript files and lines without carrying the sources (or the packages') along.
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  define: { 'process.env.INSPECTOR_BUNDLED': '"1"' },
});

writeBundleNotices(metafile, 'dist/server/THIRD-PARTY-NOTICES.txt');

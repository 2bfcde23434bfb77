// Bundles the proxy and the demo server into dist/server so they start without
// compiling TypeScript on every run. Packages stay external (node_modules).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: { cli: 'server/cli.ts', demo: 'walkthrough/main.ts', 'demo-stdio': 'server/demo/stdio.ts', 'demo-http': 'server/demo/http.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The session code (and the MCP SDK it imports) loads on first connect, after the HTTP server is up.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { 'process.env.INSPECTOR_BUNDLED': '"1"' },
});

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { filesReaching, importGraph, sourceFiles } from './scripts/import-graph.ts';
import { metaSchemaValidator } from './scripts/meta-schema-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Vitest's order, with the files that take minutes moved to the front of their project.
 *
 * On a clean clone Vitest has no durations from an earlier run and starts the largest files
 * first. A file that is small but long (the conformance suite: a few lines that run every
 * client scenario of two suite releases, several minutes) then starts among the last and can run
 * alone at the end while the other worker sits idle. Started first, it runs beside the rest.
 * LONG_FILES: the files that take minutes whatever their size, relative to the repository's root.
 */
const LONG_FILES = ['server/integration/conformance-suite.test.ts', 'server/integration/conformance-server.test.ts'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_FILES.some((name) => file.moduleId.replaceAll('\\', '/').endsWith(`/${name}`));
    // A stable partition: the projects' files share one pool (one sequence.groupOrder), long files lead it.
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

const PROXY_TESTS = ['server/**/*.test.ts', 'walkthrough/**/*.test.ts', 'scripts/**/*.test.ts'];
/** The proxy's modules that remember something for the rest of the process (what Auto learnt, forms seen, tokens, callbacks). */
const PROCESS_MEMORY = ['server/session/era-memory.ts', 'server/session/localized-keys.ts', 'server/auth/token-store.ts', 'server/auth/callbacks.ts'];
const processMemoryTests = (() => {
  const root = here('.');
  const files = ['server', 'walkthrough', 'scripts', 'kit', 'e2e'].flatMap((dir) => sourceFiles(root, dir, { withTests: true }));
  const tests = files.filter((file) => /^(server|walkthrough|scripts)\/.*\.test\.ts$/.test(file.replaceAll('\\', '/')));
  return filesReaching(importGraph(root, files), tests, PROCESS_MEMORY);
})();

export default defineConfig({
  root: here('./app'),
  publicDir: here('./public'),
  base: '/',
  plugins: [react(), tailwindcss(), metaSchemaValidator(), precompress()],
  resolve: {
    alias: { '@app': here('./app'), '@wire': here('./server/wire') },
  },
  build: {
    outDir: here('./dist/app'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The two large libraries the page loads after its first paint, each in a chunk named for it,
        // so their budgets (scripts/page-weight.json) read as what they are.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 're2js', test: /[\\/]node_modules[\\/]re2js[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    root: here('.'),
    environment: 'node',
    // Deadlines, not speeds: a shared two-core machine has run a tsx-compiled server's start past 20 s.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Integration tests start real MCP servers; two cores are shared with them
    // (and with the browser tests when `npm test` runs both at once: it sets 2 as well).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    sequence: { sequencer: LongFilesFirst },
    // The test servers bundled once, so each start runs JavaScript rather than compiling through tsx;
    // and the Node 22 with mcp-use installed before any test, out of reach of a hook's deadline (node22-setup.ts).
    globalSetup: ['e2e/support/global-setup.ts', 'e2e/support/node22-setup.ts'],
    projects: [
      // The page's tests hold no state between files: one module graph per worker, not one per file,
      // which cost more than the tests themselves (10.5 s isolated, 2.3 s not; they pass shuffled too).
      { extends: true, test: { name: 'page', include: ['app/**/*.test.{ts,tsx}'], isolate: false } },
      // The proxy keeps some memory for a process's life (PROCESS_MEMORY): a file whose imports reach it starts
      // with a fresh one, as a new inspector would. The others share a module graph per worker, as the page's
      // tests do: a fresh one per file was half of their CPU (97 s against 52 s for the proxy's unit tests).
      { extends: true, test: { name: 'proxy', include: processMemoryTests } },
      { extends: true, test: { name: 'proxy-shared', include: PROXY_TESTS, exclude: processMemoryTests, isolate: false } },
    ],
  },
});

/**
 * A Vite plugin that writes a Brotli copy (`.br`) beside each built script, stylesheet and
 * SVG, so the proxy serves Brotli to the browsers that ask for it without compressing on
 * each request (`serveStatic({ precompressed: true })`). Gzip stays on the fly.
 */
const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;

function precompress(): Plugin {
  // The build's own folder, so a build elsewhere (the page-weight test's) never rewrites dist/app.
  let outDir = '';
  let isWritten = true;
  return {
    name: 'precompress-brotli',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      isWritten = config.build.write;
    },
    closeBundle() {
      if (!isWritten) return;
      for (const file of walk(join(outDir, 'assets'))) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        const compressed = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        // A file Brotli cannot shrink is served as it is.
        if (compressed.length < source.length) writeFileSync(`${file}.br`, compressed);
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * A Vite plugin that writes a Brotli copy (`.br`) beside each built script, stylesheet and
 * SVG, so the proxy serves Brotli to the browsers that ask for it without compressing on
 * each request (`serveStatic({ precompressed: true })`). Gzip stays on the fly.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;

export function precompress(outDir: string): Plugin {
  return {
    name: 'precompress-brotli',
    apply: 'build',
    closeBundle() {
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

/**
 * The page's scripts are served compressed the way the browser asks: Brotli from the
 * copies written at build time, gzip made on the fly, and the plain file otherwise;
 * each decodes to exactly the built file.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, ROOT, type Inspector } from '../../e2e/support/processes';

let inspector: Inspector;
const APP = join(ROOT, 'dist/app');
/** The entry script the built page loads first. */
const ENTRY = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(readFileSync(join(APP, 'index.html'), 'utf8'))?.[1] ?? '';

beforeAll(async () => {
  inspector = await startInspector();
});
afterAll(async () => {
  await inspector?.stop();
});

function get(path: string, acceptEncoding: string | undefined): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: inspector.host, ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }) };
    // A fresh connection each time: a kept-alive socket the server is closing would hang up the next request.
    const req = request({ host: '127.0.0.1', port: inspector.port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Byte equality; toEqual walks a 700 kB buffer element by element, seconds per comparison. */
const sameBytes = (a: Buffer, b: Buffer) => a.equals(b);

describe('the built page, compressed as the browser asks', () => {
  const built = () => readFileSync(join(APP, ENTRY));

  it('serves the Brotli copy made at build time to a browser that accepts br', async () => {
    expect(ENTRY).toMatch(/^assets\/index-/);
    const res = await get(`/${ENTRY}`, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.encoding).toBe('br');
    expect(sameBytes(res.body, readFileSync(join(APP, `${ENTRY}.br`)))).toBe(true);
    expect(sameBytes(brotliDecompressSync(res.body), built())).toBe(true);
  });

  it('serves Brotli to a client that accepts br alone', async () => {
    const res = await get(`/${ENTRY}`, 'br');
    expect(res.encoding).toBe('br');
    expect(sameBytes(brotliDecompressSync(res.body), built())).toBe(true);
  });

  it('gzips on the fly for a client without br, and sends the plain file to one that accepts nothing', async () => {
    const gzip = await get(`/${ENTRY}`, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(sameBytes(gunzipSync(gzip.body), built())).toBe(true);
    const plain = await get(`/${ENTRY}`, undefined);
    expect(plain.encoding).toBeUndefined();
    expect(sameBytes(plain.body, built())).toBe(true);
  });
});

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithoutDefaultLanguage } from './accept-language';

/** The Accept-Language lines of each request a plain HTTP server received, as it received them. */
const heard: string[][] = [];
const server = createServer((request: IncomingMessage, response) => {
  heard.push(request.rawHeaders.filter((_, i) => i % 2 === 1 && request.rawHeaders[i - 1]?.toLowerCase() === 'accept-language'));
  response.end('ok');
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("Node's fetch without the Accept-Language it adds (SEP-2792, an empty Language)", () => {
  it('sends no Accept-Language when the request names none, and the one it names otherwise', async () => {
    const send = fetchWithoutDefaultLanguage();
    await (await fetch(url)).text();
    await (await send(url, { method: 'POST', body: '{}' })).text();
    await (await send(url, { headers: { 'Accept-Language': 'fr-CA,fr;q=0.9' } })).text();
    // Node's own fetch adds `*`: the reason for the wrapper, and what tells us when a Node release stops doing so.
    expect(heard).toEqual([['*'], [], ['fr-CA,fr;q=0.9']]);
  });
});

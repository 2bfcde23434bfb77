import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TracesNotSent } from './otlp-not-sent';
import { configuredHeaders, postOtlp } from './otlp-http';

type Hit = { path: string; headers: IncomingMessage['headers']; body: Buffer; closed: Promise<void> };
const hits: Hit[] = [];
/** Each path's answers, in turn; past the last, the last again. No answer: the request is held, never answered. */
const answers: Record<string, ((res: ServerResponse) => void)[]> = {
  '/ok': [(res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')],
  '/busy-then-ok': [(res) => res.writeHead(503, { 'retry-after': '0' }).end('busy'), (res) => res.writeHead(200).end('{}')],
  '/too-many-later': [(res) => res.writeHead(429, { 'retry-after': '3600' }).end()],
  '/bad': [(res) => res.writeHead(400, { 'content-type': 'text/plain' }).end('line one\nline two\u0000' + 'x'.repeat(500))],
  '/silent': [],
};
let origin = '';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = req.url ?? '';
    const earlier = hits.filter((hit) => hit.path === path).length;
    hits.push({ path, headers: req.headers, body: Buffer.concat(chunks), closed });
    const list = answers[path] ?? [];
    list[Math.min(earlier, list.length - 1)]?.(res);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const hitsOf = (path: string) => hits.filter((hit) => hit.path === path);
const notSent = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as TracesNotSent,
  );

describe('postOtlp', () => {
  it('posts the JSON with its content type', async () => {
    await postOtlp(`${origin}/ok`, '{"resourceSpans":[]}', 1, 10_000, {});
    const [hit] = hitsOf('/ok');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.body.toString()).toBe('{"resourceSpans":[]}');
  });

  it('tries a busy collector again after its Retry-After, and is done when it takes them', async () => {
    await postOtlp(`${origin}/busy-then-ok`, '{}', 1, 10_000, {});
    expect(hitsOf('/busy-then-ok')).toHaveLength(2);
  });

  it('does not wait for a Retry-After past the bound: it gives up at once, saying what the collector answered', async () => {
    const error = await notSent(postOtlp(`${origin}/too-many-later`, '{}', 4, 10_000, {}));
    expect(error).toBeInstanceOf(TracesNotSent);
    expect(error?.message).toBe('the collector answered 429 Too Many Requests');
    expect(error?.spanCount).toBe(4);
    expect(hitsOf('/too-many-later')).toHaveLength(1);
  });

  it('a refusal is not tried again, and its answer is quoted on one line, cut short', async () => {
    const error = await notSent(postOtlp(`${origin}/bad`, '{}', 1, 10_000, {}));
    expect(error?.message).toBe(`the collector answered 400 Bad Request: line one line two ${'x'.repeat(182)}`);
    expect(hitsOf('/bad')).toHaveLength(1);
  });

  it('a collector that never answers is given up on at the bound, and its connection closed', async () => {
    const error = await notSent(postOtlp(`${origin}/silent`, '{}', 2, 300, {}));
    expect(error?.message).toBe('the collector did not take them within 0.3 s');
    await hitsOf('/silent')[0].closed;
  });

  it('a collector that is not there: the connection error, once the bound leaves no time for another try', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await notSent(postOtlp(`http://127.0.0.1:${port}/`, '{}', 1, 500, {}));
    expect(error?.message).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it("sends the OTEL_EXPORTER_OTLP_ headers, the traces' own over the others, and gzips when asked", async () => {
    const env = {
      OTEL_EXPORTER_OTLP_HEADERS: 'x-team=a%20b, authorization=Basic%20abc ,broken',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=traces',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
    };
    await postOtlp(`${origin}/ok`, '{"gzipped":true}', 1, 10_000, env);
    const hit = hitsOf('/ok').at(-1)!;
    expect(hit.headers).toMatchObject({ 'x-team': 'traces', authorization: 'Basic abc', 'content-encoding': 'gzip', 'content-type': 'application/json' });
    expect(gunzipSync(hit.body).toString()).toBe('{"gzipped":true}');
  });
});

describe('configuredHeaders', () => {
  it('reads key=value pairs, lower-cases keys, percent-decodes values and skips what is not a pair', () => {
    expect(configuredHeaders({ OTEL_EXPORTER_OTLP_HEADERS: 'A=1,=2,b,c=x=y,d=%zz' })).toEqual({ a: '1', c: 'x=y', d: '%zz' });
  });
});

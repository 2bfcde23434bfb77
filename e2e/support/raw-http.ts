/**
 * HTTP at the byte level, for the HTTP tap's byte-exactness test and its benchmark: a server
 * that answers with exactly the bytes a test writes (no Date header, no framework), a host that
 * keeps exactly the bytes and headers it got, and the tap started as a person starts it.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT, startUntil, type Started } from './processes';

export type RawServer = { origin: string; close: () => Promise<void> };

/** A loopback server whose handler gets each request's body whole and writes the response itself. */
export async function startRawServer(handle: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void | Promise<void>): Promise<RawServer> {
  const server = createServer((req, res) => {
    // Without it every answer would carry the second it was sent, and two runs would differ.
    res.sendDate = false;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void Promise.resolve(handle(req, Buffer.concat(chunks), res)).catch((error: Error) => res.destroy(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}

/** What a host got: the status, the headers as sent (names as spelled, in order, repeats kept), the body's bytes. */
export type RawAnswer = { status: number; headers: [string, string][]; body: Buffer };

/** One exchange as a host makes it; `onChunk` sees the body as it arrives. */
export function rawExchange(
  url: string,
  options: { method?: string; body?: string | Buffer; headers?: Record<string, string>; onChunk?: (chunk: Buffer) => void } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'POST', headers: options.headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        options.onChunk?.(chunk);
      });
      incoming.on('error', reject);
      incoming.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.push([incoming.rawHeaders[i], incoming.rawHeaders[i + 1]]);
        resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** `elicitation-inspector tap --url <upstream>` recording into `dataDir`: the URL it printed for the host. */
export async function startHttpTap(upstream: string, dataDir: string): Promise<Started & { url: string }> {
  const bin = join(ROOT, 'server/bin.mjs');
  // The tap's own notes go to stderr and start with its name; the URL is alone on its stdout line.
  const started = await startUntil(process.execPath, [bin, 'tap', '--data-dir', dataDir, '--url', upstream], /^(http:\/\/127\.0\.0\.1:\d+\S*)\n/m);
  return { ...started, url: started.match[1] };
}

/**
 * stdout-watch relies on the SDK's stdio ReadBuffer internals (`_readBuffer`,
 * `_buffer`, `_maxBufferSize`): these tests run the SDK's real transport against
 * a real process, so an SDK upgrade that changes them fails here first.
 */
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, expect, it, vi } from 'vitest';
import { LineBudget, watchStdout } from './stdout-watch';

const transports: StdioClientTransport[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const transport of transports.splice(0)) await transport.close();
});

/** A process that writes `output` on stdout, then waits for stdin to close. */
function printing(output: string, maxBufferSize?: number): StdioClientTransport {
  const script = `process.stdout.write(${JSON.stringify(output)}); process.stdin.resume();`;
  const transport = new StdioClientTransport({ command: process.execPath, args: ['-e', script], ...(maxBufferSize && { maxBufferSize }) });
  transports.push(transport);
  return transport;
}

it('reports every line the SDK skips as not JSON, in order, and still delivers each message once', async () => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  const transport = printing(`Starting...\n${ping}\n\n{not json\r\n${ping}\nlast words\n`);
  const texts: string[] = [];
  const messages: unknown[] = [];
  expect(watchStdout(transport, { onText: (line) => texts.push(line), onOverLimit: () => {} })).toBe(true);
  transport.onmessage = (message) => messages.push(message);
  await transport.start();
  await vi.waitFor(() => expect(texts).toEqual(['Starting...', '{not json', 'last words']));
  expect(messages).toHaveLength(2);
});

it("says when a line outgrows the SDK's read limit", async () => {
  const transport = printing('x'.repeat(5000), 1024);
  const limits: number[] = [];
  watchStdout(transport, { onText: () => {}, onOverLimit: (limitBytes) => limits.push(limitBytes) });
  transport.onerror = () => {}; // the SDK reports the overflow here too, then closes
  await transport.start();
  await vi.waitFor(() => expect(limits).toEqual([1024]));
});

it('lets a flood through up to its budget, then counts the rest once the window ends', () => {
  vi.useFakeTimers();
  const dropped: number[] = [];
  const budget = new LineBudget((count) => dropped.push(count), 3, 10_000);
  const taken = Array.from({ length: 10 }, () => budget.take());
  expect(taken.filter(Boolean)).toHaveLength(3);
  expect(dropped).toEqual([]);
  vi.advanceTimersByTime(10_000);
  expect(dropped).toEqual([7]);
  expect(budget.take()).toBe(true);
});

/**
 * The hand-written targets' shared stdio reader (e2e/targets/raw-stdio.ts), spoken
 * to line by line as a client would, with the lines a client never sends mixed in.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** Start a target; `next()` resolves with its next stdout message. */
function start(name: string, ...args: string[]) {
  const { command, args: base } = targetStdio(name, ...args);
  const child = spawn(command, base, { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  const lines: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message: unknown = JSON.parse(line);
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else lines.push(message);
  });
  const write = (line: string) => child.stdin.write(line + '\n');
  const next = () => (lines.length ? Promise.resolve(lines.shift()) : new Promise<unknown>((resolve) => waiters.push(resolve)));
  return { child, write, next };
}

it('lines that are not JSON-RPC objects are skipped, and the server goes on answering', async () => {
  const server = start('old-version');
  for (const junk of ['not json', 'null', '42', '[1,2]', '{"id":{"x":1},"method":"initialize"}', '']) server.write(junk);
  server.write(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: {} }));
  expect(await server.next()).toMatchObject({ id: 7, result: { protocolVersion: '2023-01-01' } });
});

it("the server's own request is settled by the client's answer to its id", async () => {
  const server = start('client-requests');
  server.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask_roots', arguments: {} } }));
  const asked = await server.next();
  expect(asked).toMatchObject({ method: 'roots/list', id: 'ask-1' });
  // An answer for an id nobody asked is ignored; the one asked settles the tool call.
  server.write(JSON.stringify({ jsonrpc: '2.0', id: 'nobody', result: { roots: [] } }));
  server.write(JSON.stringify({ jsonrpc: '2.0', id: 'ask-1', result: { roots: [{ uri: 'file:///answered' }] } }));
  expect(await server.next()).toMatchObject({ id: 1, result: { content: [{ text: 'ask_roots: {"roots":[{"uri":"file:///answered"}]}' }] } });
});

it('a hostile target says on stderr which line it could not read', async () => {
  const server = start('hostile-stdio');
  let stderr = '';
  server.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  server.write('{"broken');
  server.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  expect(await server.next()).toMatchObject({ id: 1, result: { tools: expect.any(Array) } });
  // stderr is its own pipe: its line may come after the answer on stdout.
  for (let i = 0; i < 100 && !stderr.includes('could not read'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stderr).toContain('hostile: could not read a line');
});

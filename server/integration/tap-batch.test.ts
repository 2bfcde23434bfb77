/**
 * Hostile JSON-RPC batches through the stdio tap: arrays (which no revision since 2025-06-18
 * allows), an empty one, ones holding what is not a message, one inside another, both ways. The
 * host and the server see the bytes they would see without the tap, and the record holds each
 * message of a batch as its own entry, with one note for each line that is not all messages.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, targetStdio } from '../../e2e/support/processes';
import type { LogEvent } from '../wire/events';

const BIN = join(ROOT, 'server/bin.mjs');
const LINES = [
  '[ {"jsonrpc":"2.0","id":1,"method":"tools/list"} , {"jsonrpc":"2.0","method":"notifications/initialized"} ]',
  '[]',
  '[1, "two", null, {"jsonrpc":"2.0","id":"x","method":"ping"}]',
  '[[{"jsonrpc":"2.0","id":9,"method":"ping"}]]',
];

/** A host that writes the lines, then closes stdin: everything it read, as bytes. */
async function rawHost(server: { command: string; args: string[] }): Promise<Buffer> {
  const child = spawn(server.command, server.args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise((resolve) => child.once('close', resolve));
  for (const line of LINES) child.stdin.write(`${line}\n`);
  child.stdin.end();
  await exited;
  return Buffer.concat(chunks);
}

describe('tap over stdio: JSON-RPC batches', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-batch-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are relayed byte for byte both ways, and recorded message by message', async () => {
    const server = targetStdio('tap-batch');
    const direct = await rawHost(server);
    const through = await rawHost({ command: process.execPath, args: [BIN, 'tap', '--data-dir', dataDir, '--', server.command, ...server.args] });
    expect(through.equals(direct)).toBe(true);
    const read = through.toString('utf8').trim().split('\n');
    // The server read each line as the host wrote it.
    const echoed = read.flatMap((line) => {
      const message = JSON.parse(line) as { method?: string; params?: { line: string } };
      return message.method === 'notifications/echo' ? [message.params!.line] : [];
    });
    expect(echoed).toEqual(LINES);
    // The server's own batches, spaces and all.
    expect(read.filter((line) => line.startsWith('['))).toEqual(['[ {"jsonrpc":"2.0", "id":1, "result":{}} ]', '[ {"jsonrpc":"2.0", "id":"x", "result":{}} ]']);

    const [file] = readdirSync(dataDir).filter((name) => name.endsWith('.jsonl'));
    const events = readFileSync(join(dataDir, file), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as LogEvent);
    const sent = events.flatMap((e) => (e.kind === 'rpc-out' ? [e.message] : []));
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'x', method: 'ping' },
    ]);
    const answers = events.flatMap((e) => (e.kind === 'rpc-in' && e.message.method === undefined ? [e.message] : []));
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 'x', result: {} },
    ]);
    const notes = events.flatMap((e) => (e.kind === 'proxy-error' ? [e.error.message] : []));
    expect(notes).toEqual([
      `The host sent an empty batch: ${LINES[1]}`,
      `The host sent a batch with 3 of its 4 items not a JSON-RPC message: ${LINES[2]}`,
      `The host sent a batch with 1 of its 1 items not a JSON-RPC message: ${LINES[3]}`,
    ]);
  }, 60_000);
});

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { importSession } from './import-session';

const fixture = readFileSync(new URL('../../app/model/fixtures/three-rounds-2026.jsonl', import.meta.url), 'utf8');
const lines = fixture.trim().split('\n');
const run = (text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'import-test-'));
  return { dir, result: importSession(Readable.from([text]), dir) };
};

describe('importSession', () => {
  it('imports a recorded session under a new id, every event rewritten to it', async () => {
    const { dir, result } = run(fixture);
    const session = await result;
    expect(session.lastSeq).toBe(lines.length - 1);
    expect(session.header.importedFrom).toBe(JSON.parse(lines[0]).sessionId);
    expect(session.summary()).toMatchObject({ isImported: true, isLive: false, serverName: 'elicitation-demo' });
    const written = readFileSync(join(dir, `${session.sessionId}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    expect(written.slice(1).every((l) => JSON.parse(l).sessionId === session.sessionId)).toBe(true);
  });

  it.each([
    ['a torn line', (l: string[]) => ((l[3] = l[3].slice(0, 30)), l), /^line 4: not valid JSON/],
    ['a missing entry', (l: string[]) => (l.splice(5, 1), l), /^line 6: entry has seq 6, expected 5/],
    ['an entry of an unknown kind', (l: string[]) => ((l[2] = JSON.stringify({ ...JSON.parse(l[2]), kind: 'mystery' })), l), /^line 3: not a valid log entry/],
    ['a foreign file', () => ['{"hello":"world"}'], /^line 1: .*not an Elicitation Inspector session file/],
    ['a newer format', (l: string[]) => ((l[0] = JSON.stringify({ ...JSON.parse(l[0]), version: 99 })), l), /^line 1: the file uses event format 99/],
    ['an empty file', () => [], /the file is empty/],
  ])('refuses %s, naming the line, and leaves nothing behind', async (_name, damage, message) => {
    const { dir, result } = run(damage([...lines]).join('\n'));
    await expect(result).rejects.toThrow(message);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('importSession, hostile files', () => {
  it('an entry nested 5,000 levels deep is imported cut down, saying what was dropped; the entries around it are whole', async () => {
    const header = lines[0];
    const deepLine = `{"kind":"rpc-in","message":{"jsonrpc":"2.0","method":"notifications/deep","params":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}},"seq":2,"at":2,"sessionId":"x"}`;
    const text = [
      header,
      '{"kind":"stderr","text":"before","seq":1,"at":1,"sessionId":"x"}',
      deepLine,
      '{"kind":"stderr","text":"after","seq":3,"at":3,"sessionId":"x"}',
    ].join('\n');
    const { dir, result } = run(text);
    const session = await result;
    const written = readFileSync(join(dir, `${session.sessionId}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    expect(written.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(written[1]).toMatchObject({
      kind: 'rpc-in',
      message: { method: 'notifications/deep' },
      dropped: { reason: 'too-deep', message: expect.stringContaining('dropped: nested deeper than 128 levels') },
    });
    expect(written[2]).toMatchObject({ text: 'after' });
  });
});

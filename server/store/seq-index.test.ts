import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionHeader } from '../wire/session-format';
import { SeqIndex } from './seq-index';

const header = JSON.stringify(sessionHeader('s1', 1_000));
const entry = (seq: number, text = `line ${seq}`) => JSON.stringify({ kind: 'stderr', text, seq, at: 1_000 + seq, sessionId: 's1' });
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i)).join('\n') + '\n';
const tempFile = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'seq-index-')), 'session.jsonl');
  writeFileSync(path, text);
  return path;
};
const seqsOf = (events: { json: string }[]) => events.map((e) => (JSON.parse(e.json) as { seq: number }).seq);

describe('SeqIndex', () => {
  it('reads any window of a file by seq, each line exactly as stored', () => {
    const index = new SeqIndex(tempFile(`${header}\n${lines(1, 5000)}`));
    expect(index.refresh()).toBe(5000);
    const window = index.readRange(2500, 2504);
    expect(window.map((e) => e.json)).toEqual([2500, 2501, 2502, 2503, 2504].map((seq) => entry(seq)));
    expect(window.map((e) => e.seq)).toEqual([2500, 2501, 2502, 2503, 2504]);
    expect(seqsOf(index.readRange(4998, 9000))).toEqual([4998, 4999, 5000]);
    expect(seqsOf(index.readSeqs([4000, 3, 1, 2, 4000, 9999]))).toEqual([1, 2, 3, 4000]);
  });

  it('keeps entries with non-ASCII text and Windows line ends whole', () => {
    const text = `${header}\r\n${entry(1, 'Grüße, 東京 🚀')}\r\n${entry(2)}\r\n`;
    const index = new SeqIndex(tempFile(text));
    expect(index.refresh()).toBe(2);
    expect(index.readRange(1, 2).map((e) => e.json)).toEqual([entry(1, 'Grüße, 東京 🚀'), entry(2)]);
  });

  it('skips malformed lines with a counted note, and keeps indexing after them', () => {
    const text =
      [header, entry(1), 'not json at all', '{"kind":"stderr","text":"no seq"}', entry(2), '', entry(5), entry(3), entry(9_000_000), entry(6)].join('\n') +
      '\n';
    const index = new SeqIndex(tempFile(text));
    expect(index.refresh()).toBe(6);
    expect(index.skipped.count).toBe(4);
    expect(index.skipped.notes).toEqual([
      { line: 3, reason: 'not a complete entry' },
      { line: 4, reason: 'no seq' },
      { line: 7, reason: 'entries 3-4 are missing' },
      { line: 8, reason: 'seq 3 again, after 5' },
      { line: 9, reason: 'seq 9000000 where 6 was expected' },
    ]);
    expect(seqsOf(index.readRange(1, 6))).toEqual([1, 2, 5, 6]);
    expect(seqsOf(index.readRange(3, 4))).toEqual([]);
    expect(seqsOf(index.readSeqs([4, 5]))).toEqual([5]);
  });

  it('leaves a truncated last line out until the rest of it is written', () => {
    const whole = entry(3);
    const path = tempFile(`${header}\n${lines(1, 2)}${whole.slice(0, 20)}`);
    const index = new SeqIndex(path);
    expect(index.refresh()).toBe(2);
    expect(index.skipped.count).toBe(0);
    appendFileSync(path, `${whole.slice(20)}\n`);
    expect(index.refresh()).toBe(3);
    expect(index.readRange(3, 3).map((e) => e.json)).toEqual([whole]);
  });

  it('follows a file that is still being appended, reading only what is new', () => {
    const path = tempFile(`${header}\n${lines(1, 100)}`);
    const index = new SeqIndex(path);
    expect(index.refresh()).toBe(100);
    for (let from = 101; from <= 3000; from += 100) {
      appendFileSync(path, lines(from, from + 99));
      expect(index.refresh()).toBe(from + 99);
    }
    expect(seqsOf(index.readRange(2999, 3000))).toEqual([2999, 3000]);
  });

  it('places a line longer than one read of the pass', () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const index = new SeqIndex(tempFile(`${header}\n${entry(1)}\n${entry(2, big)}\n${entry(3)}\n`));
    expect(index.refresh()).toBe(3);
    expect(index.readRange(2, 2)[0].json).toBe(entry(2, big));
    expect(seqsOf(index.readRange(3, 3))).toEqual([3]);
  });

  it('finds the entries whose line starts a given way without decoding the rest', () => {
    const state = (seq: number) => JSON.stringify({ kind: 'session-state', state: 'closed', seq, at: 1, sessionId: 's1' });
    const index = new SeqIndex(tempFile(`${header}\n${entry(1)}\n${state(2)}\n${entry(3)}\n${state(4)}\n`), ['{"kind":"session-state"']);
    index.refresh();
    expect(index.marked).toEqual([2, 4]);
  });

  it('indexes an empty session and a header-only file as no entries', () => {
    expect(new SeqIndex(tempFile(`${header}\n`)).refresh()).toBe(0);
    expect(new SeqIndex(tempFile('')).refresh()).toBe(0);
  });
});

import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionHeader } from '../wire/session-format';
import { SeqIndex } from './seq-index';
import { SEQ_INDEX_VERSION } from './seq-index-file';
import { readSidecar, writeSidecar } from './sidecar-file';

const header = (id = 's1') => JSON.stringify(sessionHeader(id, 1_000));
const entry = (seq: number) => JSON.stringify({ kind: 'stderr', text: `line ${seq}`, seq, at: 1_000 + seq, sessionId: 's1' });
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i)).join('\n') + '\n';
const sessionFile = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'seq-sidecar-')), 'session.jsonl');
  writeFileSync(path, text);
  return path;
};
/** A file of `count` entries with its index saved beside it. */
const indexedFile = (count: number) => {
  const path = sessionFile(`${header()}\n${lines(1, count)}`);
  const index = new SeqIndex(path, [], { saveMinEntries: 1 });
  index.refresh();
  return { path, index };
};
const rowsAreRight = (index: SeqIndex, from: number, to: number) =>
  expect(index.readRange(from, to).map((e) => [e.seq, e.json])).toEqual(Array.from({ length: to - from + 1 }, (_, i) => [from + i, entry(from + i)]));

describe('SeqIndex saved beside its file', () => {
  it('is saved as <file>.idx and read back by the next open, which reads no line of the file', () => {
    const { path, index } = indexedFile(3000);
    expect(existsSync(`${path}.idx`)).toBe(true);
    expect(index.scannedBytes).toBe(statSync(path).size);
    const reopened = new SeqIndex(path, [], { saveMinEntries: 1 });
    expect(reopened.refresh()).toBe(3000);
    expect(reopened.scannedBytes).toBe(0);
    rowsAreRight(reopened, 1498, 1502);
    rowsAreRight(reopened, 2999, 3000);
  });

  it('is extended over the new tail only when the file has grown', () => {
    const { path } = indexedFile(2000);
    const before = statSync(path).size;
    appendFileSync(path, lines(2001, 2500));
    const reopened = new SeqIndex(path, [], { saveMinEntries: 1 });
    expect(reopened.refresh()).toBe(2500);
    expect(reopened.scannedBytes).toBe(statSync(path).size - before);
    rowsAreRight(reopened, 1999, 2002);
    rowsAreRight(reopened, 2499, 2500);
    // Saved again with its tail: the next open reads no line, and the rows across the old end are right.
    const third = new SeqIndex(path, [], { saveMinEntries: 1 });
    expect(third.refresh()).toBe(2500);
    expect(third.scannedBytes).toBe(0);
    rowsAreRight(third, 1990, 2010);
  });

  it('opens by its head alone, whatever its size: it reads no offset until a row is asked for', () => {
    const { path } = indexedFile(3000);
    // Offsets of every entry made unreadable (past the end of the session file); the head is left as it was.
    const bytes = readFileSync(`${path}.idx`);
    bytes.fill(0x7f, bytes.length - 2 * 3000 * 8, bytes.length - 3000 * 8);
    writeFileSync(`${path}.idx`, bytes);
    const reopened = new SeqIndex(path, [], { saveMinEntries: 1 });
    expect(reopened.refresh()).toBe(3000);
    expect(reopened.scannedBytes).toBe(0);
    // The first window read finds them wrong, so the index is rebuilt before a row is handed out.
    rowsAreRight(reopened, 1498, 1502);
    expect(reopened.scannedBytes).toBe(statSync(path).size);
    rowsAreRight(reopened, 1, 3000);
  });

  it('is rebuilt, never trusted, when it is torn, damaged, of another version or about another file', () => {
    const { path } = indexedFile(1000);
    const saved = readFileSync(`${path}.idx`);
    const damaged: [string, Buffer][] = [
      ['torn', saved.subarray(0, saved.length - 100)],
      ['a flipped byte in its head', Buffer.from(saved.map((byte, i) => (i === 40 ? byte ^ 0xff : byte)))],
      ['another version', Buffer.concat([saved.subarray(0, 8), Buffer.from([9, 0, 0, 0]), saved.subarray(12)])],
      ['empty', Buffer.alloc(0)],
      ['not an index at all', Buffer.from('{"hello":"world"}\n')],
    ];
    for (const [what, bytes] of damaged) {
      writeFileSync(`${path}.idx`, bytes);
      const reopened = new SeqIndex(path);
      expect(reopened.refresh(), what).toBe(1000);
      expect(reopened.scannedBytes, what).toBe(statSync(path).size);
      rowsAreRight(reopened, 1, 3);
      rowsAreRight(reopened, 998, 1000);
    }
    // A flipped byte among the offsets is found when the window holding it is read: every row still comes right.
    writeFileSync(`${path}.idx`, Buffer.from(saved.map((byte, i) => (i === saved.length - 8000 - 40 ? byte ^ 0xff : byte))));
    const flipped = new SeqIndex(path);
    expect(flipped.refresh()).toBe(1000);
    rowsAreRight(flipped, 1, 1000);
    // The index of another session, of the same length, copied beside this one.
    const other = sessionFile(`${header('s2')}\n${lines(1, 1000)}`);
    new SeqIndex(other, [], { saveMinEntries: 1 }).refresh();
    copyFileSync(`${other}.idx`, `${path}.idx`);
    const reopened = new SeqIndex(path);
    expect(reopened.refresh()).toBe(1000);
    expect(reopened.scannedBytes).toBe(statSync(path).size);
  });

  it('is rebuilt when the file was cut short or replaced by a shorter one', () => {
    const { path } = indexedFile(1000);
    writeFileSync(path, `${header()}\n${lines(1, 400)}`);
    const reopened = new SeqIndex(path);
    expect(reopened.refresh()).toBe(400);
    rowsAreRight(reopened, 398, 400);
    expect(reopened.readRange(401, 1000)).toEqual([]);
  });

  it('never hands out a row from the wrong place, even when the saved index lies with a valid checksum', () => {
    const { path } = indexedFile(1000);
    const saved = readSidecar(`${path}.idx`, 'EI-SEQIX', SEQ_INDEX_VERSION);
    if (!saved) throw new Error('the index was not saved');
    const offsets = new Float64Array(saved.sections[0].buffer.slice(saved.sections[0].byteOffset, saved.sections[0].byteOffset + saved.sections[0].length));
    const lengths = new Float64Array(saved.sections[1].buffer.slice(saved.sections[1].byteOffset, saved.sections[1].byteOffset + saved.sections[1].length));
    // Every entry said to start one line earlier than it does (the first at the header): in order, inside the file.
    const lying = offsets.map((_, i) => (i === 0 ? 0 : offsets[i - 1]));
    const lyingLengths = lengths.map((_, i) => (i === 0 ? header().length : lengths[i - 1]));
    writeSidecar(`${path}.idx`, 'EI-SEQIX', SEQ_INDEX_VERSION, {
      ...saved,
      sections: [Buffer.from(lying.buffer), Buffer.from(lyingLengths.buffer)],
    });
    const reopened = new SeqIndex(path);
    expect(reopened.refresh()).toBe(1000);
    rowsAreRight(reopened, 500, 502);
    rowsAreRight(reopened, 1, 1000);
    expect(reopened.readSeqs([7, 700]).map((e) => e.json)).toEqual([entry(7), entry(700)]);
  });

  it('rejects a window of saved offsets that run backwards or past the file, before reading a row with it', () => {
    const { path } = indexedFile(500);
    const saved = readSidecar(`${path}.idx`, 'EI-SEQIX', SEQ_INDEX_VERSION);
    if (!saved) throw new Error('the index was not saved');
    const offsets = new Float64Array(500).map((_, i) => (i === 10 ? 1e12 : 100 + i));
    writeSidecar(`${path}.idx`, 'EI-SEQIX', SEQ_INDEX_VERSION, { ...saved, sections: [Buffer.from(offsets.buffer), saved.sections[1]] });
    const reopened = new SeqIndex(path);
    expect(reopened.refresh()).toBe(500);
    rowsAreRight(reopened, 9, 12);
    expect(reopened.scannedBytes).toBe(statSync(path).size);
  });
});

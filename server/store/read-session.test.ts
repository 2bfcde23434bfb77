import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSessionFile } from './read-session';

const fixture = readFileSync(new URL('../../app/model/fixtures/three-rounds-2026.jsonl', import.meta.url), 'utf8');
const lines = fixture.trim().split('\n');

function written(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'read-session-test-')), 'session.jsonl');
  writeFileSync(path, text);
  return path;
}

/** The file with entry `index` (0 is the header) changed by `change`. */
function damaged(index: number, change: (entry: Record<string, unknown>) => Record<string, unknown>): string {
  const copy = [...lines];
  copy[index] = JSON.stringify(change(JSON.parse(copy[index]) as Record<string, unknown>));
  return written(copy.join('\n') + '\n');
}

describe('readSessionFile', () => {
  it('reads a recorded session whole', async () => {
    const session = await readSessionFile(written(fixture));
    expect(session.events).toHaveLength(lines.length - 1);
  });

  it.each([
    ['a field of the wrong type', 3, (entry: Record<string, unknown>) => ({ ...entry, text: 5 }), /^line 4: not a valid log entry: text: .*expected string/],
    ['a missing field', 3, ({ text: _text, ...entry }: Record<string, unknown>) => entry, /^line 4: not a valid log entry: text: /],
    ['an unknown kind', 2, (entry: Record<string, unknown>) => ({ ...entry, kind: 'mystery' }), /^line 3: not a valid log entry: kind: /],
  ])('refuses %s, naming the line and the field', async (_name, index, change, message) => {
    await expect(readSessionFile(damaged(index, change))).rejects.toThrow(message);
  });

  it('reads a live file whose last line is finished after the reader took its bytes, ending before that line', async () => {
    const last = lines.at(-1)!;
    const path = written([...lines.slice(0, -1), last.slice(0, 10)].join('\n'));
    // While the reader hands over its entries, the file at its path ends with the line finished: the writer's
    // whole file takes the path's place (the reader holds the one it opened), so what the reader decides about
    // its cut last line comes from the bytes it read, or it sees a finished line that is not JSON.
    let isFinished = false;
    const keep = () => {
      if (!isFinished) {
        writeFileSync(`${path}.next`, `${lines.join('\n')}\n`);
        renameSync(`${path}.next`, path);
        isFinished = true;
      }
      return true;
    };
    const session = await readSessionFile(path, keep, { isBeingWritten: true });
    expect(isFinished).toBe(true);
    expect(session.events.map((event) => event.seq)).toEqual(lines.slice(1, -1).map((line) => (JSON.parse(line) as { seq: number }).seq));
  });

  it('says a file read after the fact was cut short by what it read, and a damaged last line by its newline', async () => {
    const last = lines.at(-1)!;
    const cut = written([...lines.slice(0, -1), last.slice(0, 10)].join('\n'));
    await expect(readSessionFile(cut)).rejects.toThrow(`line ${lines.length}: the file ends in the middle of this entry`);
    const ended = written([...lines.slice(0, -1), last.slice(0, 10)].join('\n') + '\n');
    await expect(readSessionFile(ended)).rejects.toThrow(`line ${lines.length}: not valid JSON`);
  });
});

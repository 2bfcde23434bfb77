import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
});

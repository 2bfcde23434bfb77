import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../wire/events';
import { parseHeader } from './session-file';
import { RecordedSession, SummaryBuilder } from './recorded-session';

const FIXTURES = new URL('../../app/model/fixtures/', import.meta.url);
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl'));
const writeTemp = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'recorded-test-')), 'session.jsonl');
  writeFileSync(path, text);
  return path;
};
/** The summary the slow way: every line parsed. */
const summaryByParsing = (text: string) => {
  const [header, ...events] = text.trim().split('\n');
  const builder = new SummaryBuilder(parseHeader(header));
  for (const line of events) builder.add(JSON.parse(line) as LogEvent);
  return builder.build('x').summary();
};

describe('RecordedSession.load', () => {
  it.each(fixtures.flatMap((name) => [1 << 20, 64, 7].map((chunk) => [name, chunk] as const)))(
    '%s, read %i bytes at a time, gives the same list entry as parsing every line',
    async (name, chunk) => {
      const text = readFileSync(new URL(name, FIXTURES), 'utf8');
      const session = await RecordedSession.load(writeTemp(text), chunk);
      const expected = summaryByParsing(text);
      expect(session.summary()).toEqual(expected);
      expect(expected).toMatchObject({ serverName: expect.any(String), target: { transport: expect.any(String) } });
      expect(session.lastSeq).toBe(text.trim().split('\n').length - 1);
    },
  );

  const text = readFileSync(new URL('three-rounds-2026.jsonl', FIXTURES), 'utf8');
  const lines = text.trim().split('\n');

  it('does not count a torn last line, as replay does not send it', async () => {
    const torn = [...lines.slice(0, -1), lines[lines.length - 1].slice(0, 40)].join('\n');
    const session = await RecordedSession.load(writeTemp(torn));
    expect(session.lastSeq).toBe(lines.length - 2);
    let replayed = 0;
    for await (const chunk of session.read(0)) replayed += chunk.length;
    expect(replayed).toBe(session.lastSeq);
  });

  it('counts a complete last line that has no newline after it', async () => {
    const session = await RecordedSession.load(writeTemp(lines.join('\n')));
    expect(session.lastSeq).toBe(lines.length - 1);
  });

  it('takes the end of a session cut short (no closing entry) from its last entry', async () => {
    const cut = lines.filter((l) => !(l.includes('"kind":"session-state"') && l.includes('"state":"closed"')));
    const session = await RecordedSession.load(writeTemp(cut.join('\n') + '\n'));
    expect(session.summary().endedAt).toBe(JSON.parse(cut[cut.length - 1]).at);
  });

  it('refuses a file that is not a session file, naming the line', async () => {
    await expect(RecordedSession.load(writeTemp('{"hello":"world"}\n{"kind":"stderr"}\n'))).rejects.toThrow(
      /^line 1: .*not an Elicitation Inspector session file/,
    );
  });
});

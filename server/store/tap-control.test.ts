import { appendFileSync, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTapControl, TapControlReader, tapControlPath, writeTapControl } from './tap-control';

const dir = mkdtempSync(join(tmpdir(), 'tap-control-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the tap control file', () => {
  it('is read a whole line at a time, a character cut between two writes included', () => {
    const reader = new TapControlReader(tapControlPath(dir, 'tap-a'));
    expect(reader.read()).toEqual([]);
    writeTapControl(dir, 'tap-a', { type: 'hold', isOn: true, pid: 42 });
    const answer = Buffer.from(JSON.stringify({ type: 'answer', key: 'e1', action: 'accept', content: { note: 'é🙂' } }) + '\n');
    const cut = answer.indexOf(Buffer.from('🙂')) + 2;
    appendFileSync(tapControlPath(dir, 'tap-a'), answer.subarray(0, cut));
    expect(reader.read().map(parseTapControl)).toEqual([{ type: 'hold', isOn: true, pid: 42 }]);
    appendFileSync(tapControlPath(dir, 'tap-a'), answer.subarray(cut));
    expect(reader.read().map(parseTapControl)).toEqual([{ type: 'answer', key: 'e1', action: 'accept', content: { note: 'é🙂' } }]);
  });

  it("carries a rule's answer and what the rule says about it", () => {
    const rule = { index: 2, name: 'decline all', source: 'rules' as const };
    expect(parseTapControl(JSON.stringify({ type: 'answer', key: 'e1', action: 'decline', rule, skippedValidation: true }))).toEqual({
      type: 'answer',
      key: 'e1',
      action: 'decline',
      rule,
      skippedValidation: true,
    });
    const event = { kind: 'rule-match', key: 'e1', rule, action: 'decline', delayMs: 50 };
    expect(parseTapControl(JSON.stringify({ type: 'entry', event }))).toEqual({ type: 'entry', event });
  });

  it('is not read when others may write it', () => {
    const path = tapControlPath(dir, 'tap-b');
    writeFileSync(path, JSON.stringify({ type: 'hold', isOn: true, pid: 1 }) + '\n');
    chmodSync(path, 0o666);
    expect(new TapControlReader(path).read()).toEqual([]);
  });

  it('refuses lines that ask for nothing it knows, saying why', () => {
    expect(parseTapControl('{"type":"hold","isOn":"yes","pid":1}')).toEqual({ error: 'neither a hold, an answer nor an entry' });
    expect(parseTapControl('{"type":"answer","key":"e1","action":"decline","rule":{"index":0}}')).toEqual({ error: 'rule is not a rule reference' });
    expect(parseTapControl('{"type":"entry","event":{"kind":"call-end","callId":"c1"}}')).toEqual({
      error: 'entry is not a rule-match, a rule finding or a rules failure',
    });
    expect(parseTapControl('{"type":"entry","event":{"kind":"finding","code":"host-gave-up","severity":"error","message":"x"}}')).toEqual({
      error: 'entry is not a rule-match, a rule finding or a rules failure',
    });
    expect(parseTapControl('{"type":"answer","key":"e1","action":"accept","content":[1]}')).toEqual({ error: 'content is not an object' });
    expect(parseTapControl('[')).toEqual({ error: 'not JSON' });
  });
});

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

  it('is not read when others may write it', () => {
    const path = tapControlPath(dir, 'tap-b');
    writeFileSync(path, JSON.stringify({ type: 'hold', isOn: true, pid: 1 }) + '\n');
    chmodSync(path, 0o666);
    expect(new TapControlReader(path).read()).toEqual([]);
  });

  it('refuses lines that ask for nothing it knows, saying why', () => {
    expect(parseTapControl('{"type":"hold","isOn":"yes","pid":1}')).toEqual({ error: 'neither a hold nor an answer' });
    expect(parseTapControl('{"type":"answer","key":"e1","action":"accept","content":[1]}')).toEqual({ error: 'content is not an object' });
    expect(parseTapControl('[')).toEqual({ error: 'not JSON' });
  });
});

import { appendFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoSessionFeed } from './demo-session-feed';
import { observe } from './scenario-walkthrough';

const base = { at: 1, sessionId: 's1' };
const header = JSON.stringify({ format: 'elicitation-inspector-session', version: 1, sessionId: 's1', createdAt: 1 });
const line = (event: Record<string, unknown>) => `${JSON.stringify({ ...event, ...base })}\n`;

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('DemoSessionFeed', () => {
  it('reads the session file as it grows, a line written in two pieces once it is whole', async () => {
    dir = mkdtempSync(join(tmpdir(), 'demo-feed-'));
    const file = join(dir, 's1.jsonl');
    const feed = new DemoSessionFeed(dir);
    expect(feed.events()).toEqual([]);
    writeFileSync(file, `${header}\n${line({ seq: 1, kind: 'stderr', text: 'hello' })}`);
    expect(feed.events().map((e) => e.seq)).toEqual([1]);
    const start = line({ seq: 2, kind: 'call-start', callId: 'c1', method: 'tools/call', name: 'echo', timeoutMs: 1000 });
    appendFileSync(file, start.slice(0, 20));
    expect(feed.events()).toHaveLength(1);
    appendFileSync(file, `${start.slice(20)}not json\n{"kind":"not-an-event"}\n`);
    expect(feed.events().map((e) => e.kind)).toEqual(['stderr', 'call-start']);
    const found = feed.waitFor((events) => events.find((e) => e.kind === 'call-end'), 5000);
    appendFileSync(file, line({ seq: 3, kind: 'call-end', callId: 'c1', outcome: 'result', result: { content: [] } }));
    expect(await found).toMatchObject({ kind: 'call-end', callId: 'c1' });
    expect(await feed.waitFor(() => undefined, 0)).toBeUndefined();
  });

  it('follows a newer session file from its beginning', () => {
    dir = mkdtempSync(join(tmpdir(), 'demo-feed-'));
    writeFileSync(join(dir, 'old.jsonl'), `${header}\n${line({ seq: 1, kind: 'stderr', text: 'old' })}`);
    utimesSync(join(dir, 'old.jsonl'), 1000, 1000);
    const feed = new DemoSessionFeed(dir);
    expect(feed.events()).toHaveLength(1);
    writeFileSync(join(dir, 'new.jsonl'), `${header}\n${line({ seq: 1, kind: 'stderr', text: 'new' })}${line({ seq: 2, kind: 'stderr', text: 'x' })}`);
    expect(feed.events().map((e) => (e.kind === 'stderr' ? e.text : ''))).toEqual(['new', 'x']);
  });
});

describe('observe', () => {
  it('counts the call’s input_required rounds and the findings raised while it ran, as run does', () => {
    dir = mkdtempSync(join(tmpdir(), 'demo-feed-'));
    const file = join(dir, 's1.jsonl');
    const events = [
      { seq: 1, kind: 'finding', code: 'before', severity: 'warning', message: 'm' },
      { seq: 2, kind: 'call-start', callId: 'c1', method: 'tools/call', name: 'plan', timeoutMs: 1000 },
      { seq: 3, kind: 'call-round', callId: 'c1', round: 1, rpcId: 1, reason: 'initial' },
      { seq: 4, kind: 'finding', code: 'mine', severity: 'warning', message: 'm', callId: 'c1' },
      { seq: 5, kind: 'finding', code: 'other-call', severity: 'warning', message: 'm', callId: 'c2' },
      { seq: 6, kind: 'finding', code: 'session-wide', severity: 'warning', message: 'm' },
      { seq: 7, kind: 'call-round', callId: 'c1', round: 2, rpcId: 2, reason: 'input-responses' },
      { seq: 8, kind: 'call-round', callId: 'c2', round: 2, rpcId: 3, reason: 'input-responses' },
      { seq: 9, kind: 'call-round', callId: 'c1', round: 3, rpcId: 4, reason: 'request-state' },
      { seq: 10, kind: 'call-end', callId: 'c1', outcome: 'result' },
      { seq: 11, kind: 'finding', code: 'after', severity: 'warning', message: 'm' },
    ];
    writeFileSync(file, `${header}\n${events.map(line).join('')}`);
    const all = new DemoSessionFeed(dir).events();
    const start = all.find((e) => e.kind === 'call-start');
    const end = all.find((e) => e.kind === 'call-end');
    if (start?.kind !== 'call-start' || end?.kind !== 'call-end') throw new Error('the fixture has a call');
    const seen = observe(all, start, end);
    expect(seen.rounds).toBe(2);
    expect(seen.findingCodes).toEqual(['mine', 'session-wide']);
  });
});

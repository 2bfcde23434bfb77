/**
 * The time axis on real recordings (app/model/fixtures, made against the demo
 * server by record-fixtures.ts and record-timeline-fixtures.ts): every figure is
 * checked against the entries' own timestamps, and the three shares always add
 * up to the call's duration.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '@wire/events';
import { buildCallTimeline, type CallTimeline } from './call-timeline';
import { CallTimelineCache } from './call-timeline-cache';
import { SessionStore } from './session-store';

function load(name: string): LogEvent[] {
  return readFileSync(new URL(`./fixtures/${name}.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as LogEvent);
}

/** What the page does: the call's story from the session's indexes, fed to the model. */
function timelineOf(events: LogEvent[], callId = 'c1', nowAt = Number.MAX_SAFE_INTEGER): CallTimeline {
  const store = new SessionStore('fixture');
  store.apply(events);
  const s = store.getSnapshot();
  const story = s.story.storyOfCall(callId).map((seq) => s.events[seq - 1]);
  const timeline = buildCallTimeline(story, nowAt);
  if (!timeline) throw new Error(`no timeline for ${callId}`);
  return timeline;
}

const at = (events: LogEvent[], seq: number) => events[seq - 1].at;
const span = (t: CallTimeline, id: string) => {
  const found = t.spans.find((s) => s.id === id);
  if (!found) throw new Error(`no span ${id} in ${t.spans.map((s) => s.id).join(', ')}`);
  return found;
};
const addsUp = (t: CallTimeline) => expect(t.shares.personMs + t.shares.serverMs + t.shares.proxyMs).toBe(t.shares.totalMs);

describe('a 2025-11-25 call with a pushed form elicitation (push-form)', () => {
  const events = load('push-form');
  const t = timelineOf(events);

  it('shows the request in flight and the person’s wait, each with its entries', () => {
    expect(span(t, 'round:1')).toMatchObject({ startAt: at(events, 11), endAt: at(events, 21), tone: 'server', seqs: [11, 12, 21] });
    expect(span(t, 'round:1').label).toBe(
      `Round 1 of c1, tools/call #2, in flight ${at(events, 21) - at(events, 11)} ms (${at(events, 20) - at(events, 15)} ms of it waiting on the client): answered with the result`,
    );
    expect(span(t, 'round:1').serverWaits).toEqual([{ startAt: at(events, 15), endAt: at(events, 20) }]);
    const wait = span(t, 'elicitation:e1');
    expect(wait).toMatchObject({ startAt: at(events, 17), endAt: at(events, 18), lane: 'person', story: { kind: 'flow', id: 'e1' } });
    expect(wait.label).toBe(`Elicitation 1 of c1 waited for the person ${at(events, 18) - at(events, 17)} ms, then accept`);
    expect(wait.seqs).toEqual([15, 17, 18, 19, 20]);
  });

  it('server time is the request in flight minus the time the server waited on our answer', () => {
    const inFlight = at(events, 21) - at(events, 11);
    const serverWaited = at(events, 20) - at(events, 15);
    expect(t.shares).toMatchObject({
      personMs: at(events, 18) - at(events, 17),
      serverMs: inFlight - serverWaited,
      totalMs: at(events, 22) - at(events, 9),
    });
    addsUp(t);
    expect(t.outcome).toBe('result');
  });
});

describe('a 2026-07-28 call with two input_required rounds (three-rounds-2026)', () => {
  const events = load('three-rounds-2026');
  const t = timelineOf(events);

  it('has a span per round and per elicitation, in time order', () => {
    expect(t.spans.map((s) => s.id)).toEqual(['round:1', 'elicitation:e1', 'round:2', 'elicitation:e2', 'round:3']);
    expect(span(t, 'round:2').label).toBe(`Round 2 of c1, tools/call #2, in flight ${at(events, 22) - at(events, 20)} ms: answered input_required`);
    expect(span(t, 'elicitation:e2').durationMs).toBe(at(events, 25) - at(events, 24));
  });

  it('person time is both waits; server time the three rounds; the rest is the inspector', () => {
    const rounds = at(events, 14) - at(events, 10) + (at(events, 22) - at(events, 20)) + (at(events, 30) - at(events, 28));
    expect(t.shares.personMs).toBe(at(events, 17) - at(events, 16) + (at(events, 25) - at(events, 24)));
    expect(t.shares.serverMs).toBe(rounds);
    addsUp(t);
  });

  it('a rule’s answer is said to be the rule’s', () => {
    const ruled = events.map((e) =>
      e.kind === 'action' && e.key === 'e2' ? { ...e, actor: 'rule' as const, rule: { index: 2, name: 'window seat', source: 'rules' as const } } : e,
    );
    const wait = span(timelineOf(ruled), 'elicitation:e2');
    expect(wait.tone).toBe('rule');
    expect(wait.label).toMatch(/^Elicitation 2 of c1 waited for rule 2 \(window seat\) \d+ ms, then accept$/);
  });
});

describe('URL flows', () => {
  it('-32042 on 2025-11-25: consent, the person on the site until completion, then the retry (url-required-retry)', () => {
    const events = load('url-required-retry');
    const t = timelineOf(events);
    expect(span(t, 'round:1')).toMatchObject({ tone: 'error', endAt: at(events, 15) });
    expect(span(t, 'url-flow:e1')).toMatchObject({ startAt: at(events, 16), endAt: at(events, 21), lane: 'url' });
    expect(span(t, 'url-flow:e1').label).toBe(`URL flow of elicitation 1 of c1 took ${at(events, 21) - at(events, 16)} ms to complete`);
    expect(t.shares.personMs).toBe(at(events, 21) - at(events, 16));
    addsUp(t);
  });

  it('a pushed URL flow: the completion notification ends it, and the site visit is the person’s (push-url-2025)', () => {
    const events = load('push-url-2025');
    const t = timelineOf(events);
    expect(span(t, 'url-flow:e1').endAt).toBe(at(events, 22));
    // The wait for consent, then the site visit up to the notification: the server sat waiting meanwhile.
    expect(t.shares.personMs).toBe(at(events, 22) - at(events, 16));
    expect(t.shares.serverMs).toBe(at(events, 15) - at(events, 11) + (at(events, 23) - at(events, 22)));
    addsUp(t);
  });

  it('2026-07-28 polling: the pauses between rounds are the inspector’s, and the flow completes with the result (url-poll-2026)', () => {
    const events = load('url-poll-2026');
    const t = timelineOf(events);
    expect(t.spans.filter((s) => s.kind === 'pause').map((s) => [s.id, s.durationMs])).toEqual([
      ['pause:3', at(events, 27) - at(events, 24)],
      ['pause:4', at(events, 33) - at(events, 29)],
    ]);
    expect(span(t, 'pause:3').label).toMatch(/^Pause of [\d,]+ ms before round 3 of c1: the server is polling$/);
    expect(span(t, 'url-flow:e1')).toMatchObject({ startAt: at(events, 18), endAt: at(events, 37), isOpen: false });
    expect(t.shares.personMs).toBe(at(events, 19) - at(events, 18));
    expect(t.shares.proxyMs).toBeGreaterThanOrEqual(at(events, 27) - at(events, 24) + (at(events, 33) - at(events, 29)));
    addsUp(t);
  });
});

describe('calls that end without a result', () => {
  it('a client-side timeout: the request ends when we cancel it, the form unanswered (timeout-call)', () => {
    const events = load('timeout-call');
    const t = timelineOf(events);
    expect(t.outcome).toBe('timeout');
    const round = span(t, 'round:1');
    expect(round).toMatchObject({ tone: 'error', endAt: at(events, 18), isOpen: false });
    expect(round.label).toMatch(/: no answer: the call timed out$/);
    expect(span(t, 'elicitation:e1').label).toMatch(/^Elicitation 1 of c1 waited for the person [\d,]+ ms, unanswered: the call ended$/);
    addsUp(t);
  });

  it('the server withdraws its request: the wait ends there (server-cancelled)', () => {
    const events = load('server-cancelled');
    const t = timelineOf(events);
    expect(span(t, 'elicitation:e1')).toMatchObject({ endAt: at(events, 18), isOpen: false });
    expect(span(t, 'elicitation:e1').label).toMatch(/unanswered: the server withdrew it$/);
    addsUp(t);
  });
});

describe('a call still running, and entries no call should have', () => {
  it('runs to the present: open spans say "so far"', () => {
    const events = load('three-rounds-2026').filter((e) => e.seq <= 16);
    const nowAt = at(events, 16) + 2500;
    const t = timelineOf(events, 'c1', nowAt);
    expect(t).toMatchObject({ isOpen: true, outcome: 'running', endAt: nowAt });
    expect(span(t, 'elicitation:e1')).toMatchObject({ isOpen: true, durationMs: 2500 });
    expect(span(t, 'elicitation:e1').label).toBe('Elicitation 1 of c1 waited for the person 2,500 ms so far');
    addsUp(t);
  });

  it('no call-start: no timeline; times that run backwards or are not numbers count for nothing', () => {
    const events = load('push-form');
    expect(
      buildCallTimeline(
        events.filter((e) => e.kind !== 'call-start'),
        0,
      ),
    ).toBeUndefined();
    const broken = events.map((e) => (e.seq === 18 ? { ...e, at: at(events, 17) - 5000 } : e.seq === 20 ? { ...e, at: Number.NaN } : e));
    const t = buildCallTimeline(broken, 0)!;
    expect(t.shares.personMs).toBe(0);
    addsUp(t);
  });
});

describe('the cache over many calls', () => {
  it('builds an ended call once, and again when one of its entries arrives late', () => {
    const events = load('push-url-2025');
    const store = new SessionStore('fixture');
    store.apply(events.filter((e) => e.seq <= 20));
    const builds: string[] = [];
    const s = () => store.getSnapshot();
    const cache = new CallTimelineCache(
      (callId) => {
        builds.push(callId);
        return s()
          .story.storyOfCall(callId)
          .map((seq) => s().events[seq - 1]);
      },
      (seq) => s().story.callOf(seq),
    );
    cache.update(s().lastSeq);
    expect(cache.timelineOf('c1', at(events, 20))?.isOpen).toBe(true);
    store.apply(events.filter((e) => e.seq > 20));
    cache.update(s().lastSeq);
    const ended = cache.timelineOf('c1', 0);
    expect(ended?.outcome).toBe('result');
    expect(cache.timelineOf('c1', 0)).toBe(ended);
    expect(builds).toEqual(['c1', 'c1']);
  });
});

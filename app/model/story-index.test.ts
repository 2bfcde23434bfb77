/**
 * Correlation on real recordings (app/model/fixtures, made by `npm run
 * record-fixtures` against the demo server): each call's story holds its own
 * entries, and no other call's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EventOf, LogEvent } from '@wire/events';
import { SessionStore, type SessionSnapshot } from './session-store';

function load(name: string): SessionSnapshot {
  const lines = readFileSync(new URL(`./fixtures/${name}.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n');
  const store = new SessionStore('fixture');
  store.apply(lines.slice(1).map((line) => JSON.parse(line) as LogEvent));
  return store.getSnapshot();
}

const kindsIn = (s: SessionSnapshot, seqs: number[]) => seqs.map((seq) => s.events[seq - 1]);
const methodOf = (e: LogEvent) =>
  e.kind === 'rpc-in' || e.kind === 'rpc-out' ? (typeof e.message.method === 'string' ? e.message.method : e.message.error ? 'error' : 'result') : '';
const only = <K extends LogEvent['kind']>(events: LogEvent[], kind: K) => events.filter((e): e is EventOf<K> => e.kind === kind);

describe('a pushed elicitation inside a tool call', () => {
  const s = load('push-form');
  const [call] = s.calls;
  const story = kindsIn(s, s.story.storyOfCall(call.callId));

  it('the call’s story runs from the request through the elicitation and the answer to the result', () => {
    const outline = story.filter((e) => e.kind !== 'call-timer').map((e) => `${e.kind}${methodOf(e) ? ` ${methodOf(e)}` : ''}`);
    expect(outline).toEqual([
      'action',
      'call-start',
      'rpc-out tools/call',
      'call-round',
      'rpc-in elicitation/create',
      expect.stringMatching(/^finding$/),
      'elicitation',
      'action',
      'elicitation-end',
      'rpc-out result',
      'rpc-in result',
      'call-end',
    ]);
    expect(only(story, 'action').find((a) => a.action === 'accept')?.content).toEqual({ name: 'Ada', email: 'ada@example.com', plan: 'pro' });
  });

  it('the server’s request and our answer form a pair; nothing is left pending', () => {
    const push = story.find((e) => methodOf(e) === 'elicitation/create')!;
    const pair = s.index.pairOf(push.seq)!;
    expect(pair.responseSeq).toBeDefined();
    expect(s.events[pair.responseSeq! - 1].kind).toBe('rpc-out');
    expect(s.index.pairOf(story.find((e) => methodOf(e) === 'tools/call')!.seq)?.latencyMs).toBeGreaterThanOrEqual(0);
  });
});

describe('two interleaved tool calls, each eliciting (Streamable HTTP)', () => {
  const s = load('interleaved-http');
  const [trip, profile] = s.calls;

  it('each elicitation, action and answer sits in its own call’s story only', () => {
    expect(trip.elicitationKeys).toHaveLength(2);
    expect(profile.elicitationKeys).toHaveLength(1);
    const tripStory = new Set(s.story.storyOfCall(trip.callId));
    const profileStory = new Set(s.story.storyOfCall(profile.callId));
    expect([...tripStory].filter((seq) => profileStory.has(seq))).toEqual([]);
    for (const key of trip.elicitationKeys) for (const seq of s.story.storyOfFlow(key)) expect(tripStory.has(seq)).toBe(true);
    for (const seq of s.story.storyOfFlow(profile.elicitationKeys[0])) expect(profileStory.has(seq)).toBe(true);
    const declines = only(kindsIn(s, [...profileStory]), 'action').map((a) => a.action);
    expect(declines).toContain('decline');
    expect(only(kindsIn(s, [...tripStory]), 'action').map((a) => a.action)).not.toContain('decline');
  });

  it('HTTP exchanges that carried a call’s requests belong to that call', () => {
    const http = only(kindsIn(s, s.story.storyOfCall(trip.callId)), 'http');
    expect(http.length).toBeGreaterThan(0);
    expect(http.every((e) => e.method === 'POST')).toBe(true);
  });
});

describe('a server-cancelled elicitation', () => {
  const s = load('server-cancelled');
  const [flow] = s.elicitations;

  it('the server’s notifications/cancelled is part of the elicitation’s story, and it ended as cancelled by the server', () => {
    const flowStory = kindsIn(s, s.story.storyOfFlow(flow.key));
    expect(flowStory.map(methodOf)).toContain('notifications/cancelled');
    expect(flow.end).toMatchObject({ outcome: 'server-cancelled' });
    expect(s.story.callOf(flowStory.find((e) => methodOf(e) === 'notifications/cancelled')!.seq)).toBe(flow.callId);
  });

  it('the server’s request is not a ghost: it ended cancelled, with no response', () => {
    const push = kindsIn(s, s.story.storyOfFlow(flow.key)).find((e) => methodOf(e) === 'elicitation/create')!;
    expect(s.index.pairOf(push.seq)).toMatchObject({ ended: 'cancelled' });
    expect(s.index.pairOf(push.seq)?.responseSeq).toBeUndefined();
  });
});

describe('a -32042 retry', () => {
  const s = load('url-required-retry');
  const [call] = s.calls;

  it('both requests, the error, the URL flow, its completion and the retry are one story', () => {
    const story = kindsIn(s, s.story.storyOfCall(call.callId));
    expect(only(story, 'call-round').map((r) => r.reason)).toEqual(['initial', 'url-required-retry']);
    expect(story.some((e) => e.kind === 'rpc-in' && (e.message.error as { code?: number } | undefined)?.code === -32042)).toBe(true);
    expect(only(story, 'url-complete')).toHaveLength(1);
    expect(story.map(methodOf)).toContain('notifications/elicitation/complete');
    expect(only(story, 'action').map((a) => a.action)).toEqual(expect.arrayContaining(['call', 'accept', 'retry']));
    expect(only(story, 'call-end')[0].outcome).toBe('result');
  });
});

describe('a three-round 2026-07-28 call', () => {
  const s = load('three-rounds-2026');
  const [call] = s.calls;

  it('three requests on three ids, two elicitations labelled by round, one story', () => {
    const story = kindsIn(s, s.story.storyOfCall(call.callId));
    const rounds = only(story, 'call-round');
    expect(rounds.map((r) => r.round)).toEqual([1, 2, 3]);
    expect(new Set(rounds.map((r) => r.rpcId)).size).toBe(3);
    expect(story.filter((e) => methodOf(e) === 'tools/call')).toHaveLength(3);
    expect(only(story, 'elicitation').map((e) => e.origin)).toEqual([
      { kind: 'mrtr', round: 1, inputKey: 'where' },
      { kind: 'mrtr', round: 2, inputKey: 'seat' },
    ]);
    for (const r of rounds) expect(s.index.pairOf(story.find((e) => e.kind === 'rpc-out' && e.message.id === r.rpcId)!.seq)?.responseSeq).toBeDefined();
  });
});

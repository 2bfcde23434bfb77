/**
 * Splits one call's wall time into person, server and network/proxy time, so the
 * three always add up to the call's duration and no millisecond counts twice.
 *
 * Each moment of the call goes to exactly one share, in this order:
 * - person: an elicitation is waiting for its answer, or (2025) a URL flow the
 *   person consented to has not been reported complete;
 * - server: one of the call's requests is in flight and the server is not
 *   itself waiting on the client (a pushed elicitation/create not yet answered);
 * - network/proxy: everything else (the inspector handling a message, a round
 *   being prepared, a polling pause, the answer travelling to the server).
 */

import type { SessionModel } from './session-model';

/** A stretch of time in epoch ms, start included, end excluded. */
export type Interval = { startAt: number; endAt: number };

export type TimeShares = {
  /** Waiting for a person or a response rule to answer, or for a consented URL flow to complete. */
  personMs: number;
  /** A request in flight at the server, minus the time the server waited on the client. */
  serverMs: number;
  /** The rest of the call: the inspector's own handling, the transport it can tell apart, pauses it chose. */
  proxyMs: number;
  /** The call's whole duration: the sum of the three. */
  totalMs: number;
};

type Share = 'person' | 'inFlight' | 'serverWaits';
type Edge = { at: number; share: Share; delta: 1 | -1 };

/** Sweep once over every interval's edges, counting which shares are open between two edges. */
export function splitTime(
  window: Interval,
  parts: { person: readonly Interval[]; inFlight: readonly Interval[]; serverWaits: readonly Interval[] },
): TimeShares {
  const totalMs = Math.max(0, window.endAt - window.startAt);
  const edges: Edge[] = [];
  for (const share of ['person', 'inFlight', 'serverWaits'] as const) {
    for (const interval of parts[share]) {
      const startAt = Math.max(interval.startAt, window.startAt);
      const endAt = Math.min(interval.endAt, window.endAt);
      // A hostile or clock-skewed log can hold reversed or NaN stretches: they count for nothing.
      if (!(endAt > startAt)) continue;
      edges.push({ at: startAt, share, delta: 1 }, { at: endAt, share, delta: -1 });
    }
  }
  edges.sort((a, b) => a.at - b.at);
  const open: Record<Share, number> = { person: 0, inFlight: 0, serverWaits: 0 };
  let personMs = 0;
  let serverMs = 0;
  let previousAt = window.startAt;
  for (const edge of edges) {
    const lengthMs = edge.at - previousAt;
    if (lengthMs > 0) {
      if (open.person > 0) personMs += lengthMs;
      else if (open.inFlight > 0 && open.serverWaits === 0) serverMs += lengthMs;
    }
    previousAt = edge.at;
    open[edge.share] += edge.delta;
  }
  return { personMs, serverMs, proxyMs: Math.max(0, totalMs - personMs - serverMs), totalMs };
}

/** The sum of several calls' shares. */
export function addShares(shares: readonly TimeShares[]): TimeShares {
  const sum: TimeShares = { personMs: 0, serverMs: 0, proxyMs: 0, totalMs: 0 };
  for (const s of shares) {
    sum.personMs += s.personMs;
    sum.serverMs += s.serverMs;
    sum.proxyMs += s.proxyMs;
    sum.totalMs += s.totalMs;
  }
  return sum;
}

/** The parts of `intervals` inside `within`, clipped to it (the intervals of one call do not overlap each other). */
export function clipTo(within: Interval, intervals: readonly Interval[]): Interval[] {
  return intervals.map((i) => ({ startAt: Math.max(i.startAt, within.startAt), endAt: Math.min(i.endAt, within.endAt) })).filter((i) => i.endAt > i.startAt);
}

/** The parts of a call the split reads: its rounds and its end. */
type CallParts = {
  startedAt: number;
  rounds: readonly { at: number; request?: { at: number }; response?: { at: number }; cancel?: { at: number } }[];
  end?: { at: number };
};

/** The parts of an elicitation the split reads. */
type WaitParts = {
  requestedAt: number;
  mode: string;
  origin: { kind: string };
  answer?: { at: number; action: string };
  end?: { at: number };
  completion?: { at: number };
  push?: { request?: { at: number }; reply?: { at: number } };
};

/** One call's time: the split, and the stretches it was made of (a view draws them). */
export type CallTime = {
  shares: TimeShares;
  /** Each elicitation's wait for its answer, in the order given. */
  waits: Interval[];
  /** 2025-11-25: from the person's consent to a URL flow to its completion (or, still open, to now), by elicitation. */
  siteVisits: (Interval | undefined)[];
  /** Each round's request in flight, in round order. */
  inFlight: Interval[];
  /** When the server sat on a pushed request, waiting on the client: not server time. */
  serverWaits: Interval[];
};

/**
 * Where one call's time went, by the rule above. `endAt` is the call's end, or for a call still
 * running the present; `waitedOn` the elicitations asked during it (its own, and those no call could be tied to).
 */
export function callTime(call: CallParts, waitedOn: readonly WaitParts[], endAt: number): CallTime {
  const callEndAt = call.end?.at ?? endAt;
  const waits: Interval[] = [];
  const siteVisits: (Interval | undefined)[] = [];
  const serverWaits: Interval[] = [];
  for (const e of waitedOn) {
    waits.push({ startAt: e.requestedAt, endAt: e.answer?.at ?? e.end?.at ?? callEndAt });
    if (e.push) serverWaits.push({ startAt: e.push.request?.at ?? e.requestedAt, endAt: e.push.reply?.at ?? e.end?.at ?? callEndAt });
    siteVisits.push(siteVisitOf(e, call.end !== undefined, callEndAt));
  }
  const inFlight = call.rounds.map((round) => ({
    startAt: round.request?.at ?? round.at,
    endAt: round.response?.at ?? round.cancel?.at ?? callEndAt,
  }));
  const person = [...waits, ...siteVisits.filter((v): v is Interval => v !== undefined)];
  const shares = splitTime({ startAt: call.startedAt, endAt: callEndAt }, { person, inFlight, serverWaits });
  return { shares, waits, siteVisits, inFlight, serverWaits };
}

/**
 * On 2025-11-25 the person is on the site between consenting to a URL flow and its completion; on
 * 2026-07-28 the consent (Done, retry) comes after the visit, so the wait for the answer already holds it.
 */
function siteVisitOf(e: WaitParts, hasCallEnded: boolean, callEndAt: number): Interval | undefined {
  if (e.mode !== 'url' || e.answer?.action !== 'accept' || e.origin.kind === 'mrtr') return undefined;
  if (e.completion) return { startAt: e.answer.at, endAt: e.completion.at };
  if (!hasCallEnded && e.origin.kind === 'url-required') return { startAt: e.answer.at, endAt: callEndAt };
  return undefined;
}

/** Where one call of a session model went, each millisecond once; a call still open runs to `nowAt` (or the log's last entry). */
export function timeOfCall(model: SessionModel, callId: string, nowAt = 0): CallTime | undefined {
  const call = model.calls.get(callId);
  if (!call) return undefined;
  return callTime(call, model.waitedOnBy(call), call.end?.at ?? Math.max(nowAt, model.lastAt, call.startedAt));
}

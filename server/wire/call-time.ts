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

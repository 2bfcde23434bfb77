/** Where a moment sits on the axis, and the axis's tick marks: plain numbers, no React. */

/** The stretch of time the axis shows, epoch ms. */
export type Scale = { startAt: number; endAt: number };

/** Percent of the axis's width from its left edge, kept on the axis. */
export function percentAt(scale: Scale, at: number): number {
  const lengthMs = scale.endAt - scale.startAt;
  if (!(lengthMs > 0) || !Number.isFinite(at)) return 0;
  return Math.min(100, Math.max(0, ((at - scale.startAt) / lengthMs) * 100));
}

const STEPS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];

/** Ticks at a round step (1, 2 or 5 of a unit), at most `maxCount` of them, each with its offset from the start. */
export function ticksOf(scale: Scale, maxCount = 6): { offsetMs: number; percent: number; label: string }[] {
  const lengthMs = scale.endAt - scale.startAt;
  if (!(lengthMs > 0) || !Number.isFinite(lengthMs)) return [{ offsetMs: 0, percent: 0, label: '0 ms' }];
  const stepMs = STEPS_MS.find((step) => lengthMs / step <= maxCount) ?? Math.ceil(lengthMs / maxCount / 3_600_000) * 3_600_000;
  const ticks = [];
  for (let offsetMs = 0; offsetMs <= lengthMs; offsetMs += stepMs) {
    ticks.push({ offsetMs, percent: (offsetMs / lengthMs) * 100, label: offsetLabel(offsetMs) });
  }
  return ticks;
}

function offsetLabel(offsetMs: number): string {
  if (offsetMs === 0) return '0';
  if (offsetMs < 1000) return `+${offsetMs} ms`;
  if (offsetMs < 60_000) return `+${offsetMs / 1000} s`;
  if (offsetMs < 3_600_000) return `+${Math.floor(offsetMs / 60_000)} min${offsetMs % 60_000 ? ` ${(offsetMs % 60_000) / 1000} s` : ''}`;
  return `+${offsetMs / 3_600_000} h`;
}

/** The axis for a whole session: from the first call's start to the last call's end (or now). */
export function sessionScale(calls: readonly { startedAt: number; endAt: number | undefined }[], nowAt: number): Scale | undefined {
  if (!calls.length) return undefined;
  let startAt = Infinity;
  let endAt = -Infinity;
  for (const call of calls) {
    if (Number.isFinite(call.startedAt)) startAt = Math.min(startAt, call.startedAt);
    const callEndAt = call.endAt ?? nowAt;
    if (Number.isFinite(callEndAt)) endAt = Math.max(endAt, callEndAt);
  }
  if (!Number.isFinite(startAt)) return undefined;
  return { startAt, endAt: Math.max(endAt, startAt + 1) };
}

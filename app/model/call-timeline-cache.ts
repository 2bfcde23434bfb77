/**
 * Timelines of many calls, each built once and built again only when one of its
 * entries arrives (or while it runs, since its end is the present): a session of
 * thousands of calls costs one pass over the new entries per update, not one
 * pass over every call.
 */
import type { LogEvent } from '@wire/events';
import { buildCallTimeline, type CallTimeline } from './call-timeline';

export class CallTimelineCache {
  private readonly built = new Map<string, CallTimeline | undefined>();
  private seenSeq = 0;

  /** `eventsOfCall` gives a call's entries in seq order; `callOfSeq` which call an entry belongs to. */
  constructor(
    private readonly eventsOfCall: (callId: string) => readonly LogEvent[],
    private readonly callOfSeq: (seq: number) => string | undefined,
  ) {}

  /** Forget what the entries after the last update changed. Call it with the newest seq before reading. */
  update(lastSeq: number): void {
    // A log that starts again (another session) shares nothing with this one.
    if (lastSeq < this.seenSeq) this.built.clear();
    else
      for (let seq = this.seenSeq + 1; seq <= lastSeq; seq++) {
        const callId = this.callOfSeq(seq);
        if (callId !== undefined) this.built.delete(callId);
      }
    this.seenSeq = lastSeq;
  }

  timelineOf(callId: string, nowAt: number): CallTimeline | undefined {
    const cached = this.built.get(callId);
    if (cached && !cached.isOpen) return cached;
    const timeline = buildCallTimeline(this.eventsOfCall(callId), nowAt);
    this.built.set(callId, timeline);
    return timeline;
  }
}

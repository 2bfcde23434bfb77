/** One stretch of a call on the time axis. */

export type SpanKind = 'round' | 'pause' | 'elicitation' | 'url-flow';
/** What a span's colour says: whose time it is. */
export type SpanTone = 'server' | 'error' | 'person' | 'rule' | 'proxy' | 'url';

export type TimelineSpan = {
  /** Stable within the call: `round:2`, `pause:3`, `elicitation:e4`, `url-flow:e4`. */
  id: string;
  kind: SpanKind;
  /** Which row of the call it is drawn on. */
  lane: 'requests' | 'person' | 'url';
  tone: SpanTone;
  startAt: number;
  endAt: number;
  durationMs: number;
  /** Still running at `nowAt`: its end is the present, not an event. */
  isOpen: boolean;
  /** A sentence a person (or a screen reader) reads: "Elicitation 2 of c1 waited for the person 1,502 ms, then accept". */
  label: string;
  /** The entries the span is made of, first one the entry to show. */
  seqs: number[];
  /** Stretches of a request's flight when the server sat waiting on the client (a pushed elicitation unanswered). */
  serverWaits?: { startAt: number; endAt: number }[];
  /** The story the span belongs to: its elicitation's, or the call's. */
  story: { kind: 'call' | 'flow'; id: string };
};

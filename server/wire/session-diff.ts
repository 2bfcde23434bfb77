/**
 * What comparing two sessions finds: the shape of `diff --reporter json` and of
 * the page's diff view. Built by server/formats/session-diff.ts.
 */
import { z } from 'zod';

/** One side of the comparison: where it came from and what it spoke. */
export const DiffSideSchema = z.object({
  /** The file name (CLI) or the session's id (page). */
  source: z.string(),
  serverName: z.string().optional(),
  serverVersion: z.string().optional(),
  protocolVersion: z.string().optional(),
  /** `legacy`: elicitations pushed by the server (2025 revisions); `modern`: `input_required` rounds (2026-07-28). */
  era: z.enum(['legacy', 'modern']).optional(),
  callCount: z.number().int().nonnegative(),
});
export type DiffSide = z.infer<typeof DiffSideSchema>;

/** What a change is about, so a reader (or a filter) can group them. */
export const DiffAspectSchema = z.enum([
  'elicitation',
  'schema',
  'answer',
  'rounds',
  'request-state',
  'outcome',
  'result-text',
  'structured-content',
  'error',
  'findings',
  'timing',
]);
export type DiffAspect = z.infer<typeof DiffAspectSchema>;

/** One thing that differs in an aligned call; `a` and `b` are short renderings of each side's value (absent: not there). */
export const DiffChangeSchema = z.object({
  aspect: DiffAspectSchema,
  /** For people: which part, e.g. `elicitation 1: field "guests" retyped`. */
  what: z.string(),
  a: z.string().optional(),
  b: z.string().optional(),
});
export type DiffChange = z.infer<typeof DiffChangeSchema>;

/** Where a call's time went, in ms: the Timeline's split (docs/log.md), the same in every view. */
export const CallTimesSchema = z.object({
  totalMs: z.number(),
  serverMs: z.number(),
  /** Network and proxy: the client and the transport between legs. */
  proxyMs: z.number(),
  personMs: z.number(),
});
export type CallTimes = z.infer<typeof CallTimesSchema>;

/** A call of either session: aligned with the other side's (same method, name and occurrence), or found on one side only. */
export const DiffCallSchema = z.object({
  method: z.string(),
  /** Tool or prompt name, or resource URI. */
  name: z.string(),
  /** 1 for the first call of this method and name in the session, 2 for the second… */
  occurrence: z.number().int().positive(),
  status: z.enum(['same', 'changed', 'only-a', 'only-b']),
  changes: z.array(DiffChangeSchema),
  /** Each side's time split for this call, where that side's call ended. */
  times: z.object({ a: CallTimesSchema.optional(), b: CallTimesSchema.optional() }).optional(),
});
export type DiffCall = z.infer<typeof DiffCallSchema>;

export const SessionDiffSchema = z.object({
  a: DiffSideSchema,
  b: DiffSideSchema,
  /** Said once when the two sides spoke different eras: rounds and requestState are then not compared call by call. */
  eraDifference: z.string().optional(),
  /** Times differ only when they change by more than this many ms and by more than half. */
  timeThresholdMs: z.number().nonnegative(),
  calls: z.array(DiffCallSchema),
  isDifferent: z.boolean(),
});
export type SessionDiff = z.infer<typeof SessionDiffSchema>;

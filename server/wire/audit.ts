/**
 * The elicitation audit's cases and their judge, as data: what each case sends in
 * answer to a server's form (or does to a 2026-07-28 retry), and what the server
 * must do with it to pass. `elicitation-inspector audit` generates one answer per
 * case from each request's requestedSchema (server/audit/) and judges what came
 * back by the `judge` named here; docs/audit.md lists them for users.
 */
import { z } from 'zod';

/**
 * How a case is judged once its call ends:
 * - `refuse`: the answer is invalid for the schema; the server must refuse it (tool error, JSON-RPC
 *   error, or ask again). A success that shows the invalid value, or that goes on without a value
 *   the schema requires, used it.
 * - `not-use`: the server may take the call on, but must not pass the odd part (an extra property,
 *   an extra key) through into its result.
 * - `survive`: a valid answer that servers often mishandle; any ordinary end passes.
 * Whatever the judge, a crash, a hang past the deadline or a stack trace in what came back is "broke".
 */
export const AuditJudgeSchema = z.enum(['refuse', 'not-use', 'survive']);
export type AuditJudge = z.infer<typeof AuditJudgeSchema>;

/** Where a case applies: one field of a form, the whole answer to a form, a URL-mode request, or the retry of a 2026-07-28 round. */
export const AuditScopeSchema = z.enum(['field', 'answer', 'url', 'retry']);

export type AuditCase = {
  id: string;
  scope: z.infer<typeof AuditScopeSchema>;
  /** What the case sends, in a few words, for the report and the docs. */
  title: string;
  judge: AuditJudge;
  /** A field case whose judge depends on the field: `refuse` when the field says so (required, maxLength), else `survive`. */
  refuseWhen?: 'required' | 'max-length' | 'has-required';
  /** Runs on 2025 revisions only (retry cases run on 2026-07-28 only). */
  isLegacyOnly?: boolean;
};

/** Every case the audit knows, in the order it runs them. */
export const AUDIT_CASES: readonly AuditCase[] = [
  { id: 'absent', scope: 'field', title: 'the field left out', judge: 'survive', refuseWhen: 'required' },
  { id: 'null', scope: 'field', title: 'null', judge: 'refuse' },
  { id: 'wrong-type', scope: 'field', title: 'a value of another type', judge: 'refuse' },
  { id: 'out-of-range', scope: 'field', title: 'past minimum/maximum, minLength/maxLength or the item counts', judge: 'refuse' },
  { id: 'bad-format', scope: 'field', title: 'a string that is not its format', judge: 'refuse' },
  { id: 'not-an-option', scope: 'field', title: 'a value outside enum/oneOf', judge: 'refuse' },
  { id: 'number-as-string', scope: 'field', title: 'a number written as a string', judge: 'refuse' },
  { id: 'very-long', scope: 'field', title: 'a 200 000-character string', judge: 'survive', refuseWhen: 'max-length' },
  { id: 'control-characters', scope: 'field', title: 'control characters and unusual Unicode', judge: 'survive' },
  { id: 'extra-property', scope: 'answer', title: 'a property the schema does not have', judge: 'not-use' },
  { id: 'decline', scope: 'answer', title: 'decline', judge: 'survive' },
  { id: 'cancel', scope: 'answer', title: 'cancel', judge: 'survive' },
  { id: 'accept-no-content', scope: 'answer', title: 'accept without content', judge: 'survive', refuseWhen: 'has-required' },
  { id: 'accept-empty', scope: 'answer', title: 'accept with {}', judge: 'survive', refuseWhen: 'has-required' },
  {
    id: 'answer-after-cancel',
    scope: 'answer',
    title: 'a valid answer sent after the server withdrew its question (notifications/cancelled, its timeout) or ended the call',
    judge: 'not-use',
    isLegacyOnly: true,
  },
  { id: 'url-decline', scope: 'url', title: 'decline', judge: 'survive' },
  { id: 'url-cancel', scope: 'url', title: 'cancel', judge: 'survive' },
  { id: 'url-consent-never-complete', scope: 'url', title: 'accept (consent only); the URL is never visited, the flow never completes', judge: 'refuse' },
  { id: 'state-one-byte', scope: 'retry', title: 'requestState with one byte changed', judge: 'refuse' },
  { id: 'state-truncated', scope: 'retry', title: 'requestState cut in half', judge: 'refuse' },
  { id: 'state-empty', scope: 'retry', title: 'requestState empty', judge: 'refuse' },
  { id: 'state-other-call', scope: 'retry', title: "another call's requestState for the same round (the probe's, already used)", judge: 'refuse' },
  { id: 'state-other-round', scope: 'retry', title: "an earlier round's requestState sent in a later round", judge: 'refuse' },
  { id: 'response-extra-key', scope: 'retry', title: 'an inputResponses key the server never asked for', judge: 'not-use' },
  { id: 'response-missing-key', scope: 'retry', title: 'an inputResponses key left out', judge: 'refuse' },
  { id: 'response-renamed-key', scope: 'retry', title: 'an inputResponses key renamed', judge: 'refuse' },
  { id: 'response-replayed', scope: 'retry', title: "the first retry's inputResponses sent again in a later round", judge: 'refuse' },
];

/** The shape of a case id, built in or the user's. */
export const AuditCaseIdSchema = z
  .string()
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'a case id is lower-case letters, digits and dashes');

/**
 * A case of the user's own, in the scenario file's `audit.cases`: a field case sends `value` for the
 * field named `field` (in every form that has one); an answer case sends the valid answer with
 * `content` laid over it. `elicitation` (1-based) limits it to one form of each step.
 */
export const UserAuditCaseSchema = z
  .object({
    id: AuditCaseIdSchema,
    title: z.string().max(200).optional(),
    judge: AuditJudgeSchema,
    field: z.string().min(1).max(200).optional(),
    value: z.unknown().optional(),
    content: z.record(z.string(), z.unknown()).optional(),
    elicitation: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((c) => (c.field !== undefined) === (c.value !== undefined) && (c.field !== undefined) !== (c.content !== undefined), {
    message: 'a case of your own gives either field and value, or content',
  });
export type UserAuditCase = z.infer<typeof UserAuditCaseSchema>;

/** The scenario file's `audit` block: built-in cases switched off by id, and cases of the user's own. */
export const AuditSettingsSchema = z
  .object({
    skip: z.array(AuditCaseIdSchema).max(100).optional(),
    cases: z.array(UserAuditCaseSchema).max(200).optional(),
  })
  .strict();
export type AuditSettings = z.infer<typeof AuditSettingsSchema>;

/** What the server did with a case: `refused` and `handled` pass, `used` and `broke` fail, `unclear` is for a person to look at. */
export const AuditVerdictSchema = z.enum(['refused', 'handled', 'used', 'broke', 'unclear']);
export type AuditVerdict = z.infer<typeof AuditVerdictSchema>;

export const FAILING_VERDICTS: readonly AuditVerdict[] = ['used', 'broke'];

/** One case as run: which request and field it aimed at, the verdict, and the evidence for it. */
export type AuditCaseReport = {
  caseId: string;
  /** The step, the elicitation (1-based, in the order they came; a form's or a URL request's) and the field the case aimed at. */
  step: string;
  elicitation?: number;
  mode?: 'form' | 'url';
  field?: string;
  verdict: AuditVerdict;
  /** Why the verdict, in one sentence. */
  reason: string;
  /** The exact answer sent (or the retry's altered params), as JSON, shortened. */
  sent: string;
  /**
   * What the audit answered after it in the same call, in order, each "where: answer" shortened: the
   * `cancel` that answered the question asked again ("asked again: {"action":"cancel"}"), the valid
   * answers to the questions after ("form 2: {…}"). Absent when it answered nothing more.
   */
  sentAfter?: string[];
  /** What came back: the result's text, the error, or how the call ended, shortened. */
  came: string;
  durationMs: number;
  callId?: string;
  /** The session the case's call ran in (the page opens its story there). */
  sessionId?: string;
  sessionFile?: string;
};

/**
 * An audit the page started from a recorded call, as the proxy's audit route reports it while it
 * runs and after: how far it got (`done` of `total`, known once the probe call has run) and each
 * finished case. `stopped`: the person stopped it; the cases that finished are kept.
 */
export type AuditJob = {
  auditId: string;
  /** The session and call it was started from. */
  sessionId: string;
  callId: string;
  tool: string;
  /** The revision asked for: the one the session spoke. */
  protocol: string;
  status: 'running' | 'passed' | 'failed' | 'error' | 'stopped';
  done: number;
  total?: number;
  /** Why it could not run or go on (the server is gone, say). */
  error?: string;
  /** Why the call got no cases, when it got none. */
  note?: string;
  startedAt: number;
  durationMs?: number;
  cases: AuditCaseReport[];
};

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

/** Where a case applies: one field of a form, the whole answer, or the retry of a 2026-07-28 round. */
export const AuditScopeSchema = z.enum(['field', 'answer', 'retry']);

export type AuditCase = {
  id: string;
  scope: z.infer<typeof AuditScopeSchema>;
  /** What the case sends, in a few words, for the report and the docs. */
  title: string;
  judge: AuditJudge;
  /** A field case whose judge depends on the field: `refuse` when the field says so (required, maxLength), else `survive`. */
  refuseWhen?: 'required' | 'max-length' | 'has-required';
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
  { id: 'state-one-byte', scope: 'retry', title: 'requestState with one byte changed', judge: 'refuse' },
  { id: 'state-truncated', scope: 'retry', title: 'requestState cut in half', judge: 'refuse' },
  { id: 'state-empty', scope: 'retry', title: 'requestState empty', judge: 'refuse' },
  { id: 'response-extra-key', scope: 'retry', title: 'an inputResponses key the server never asked for', judge: 'not-use' },
  { id: 'response-missing-key', scope: 'retry', title: 'an inputResponses key left out', judge: 'refuse' },
  { id: 'response-renamed-key', scope: 'retry', title: 'an inputResponses key renamed', judge: 'refuse' },
  { id: 'response-replayed', scope: 'retry', title: "the first retry's inputResponses sent again in a later round", judge: 'refuse' },
];

/** What the server did with a case: `refused` and `handled` pass, `used` and `broke` fail, `unclear` is for a person to look at. */
export const AuditVerdictSchema = z.enum(['refused', 'handled', 'used', 'broke', 'unclear']);
export type AuditVerdict = z.infer<typeof AuditVerdictSchema>;

export const FAILING_VERDICTS: readonly AuditVerdict[] = ['used', 'broke'];

/** One case as run: which request and field it aimed at, the verdict, and the evidence for it. */
export type AuditCaseReport = {
  caseId: string;
  /** The step, the elicitation (1-based, in the order they came) and the field the case aimed at. */
  step: string;
  elicitation?: number;
  field?: string;
  verdict: AuditVerdict;
  /** Why the verdict, in one sentence. */
  reason: string;
  /** The exact answer sent (or the retry's altered params), as JSON, shortened. */
  sent: string;
  /** What came back: the result's text, the error, or how the call ended, shortened. */
  came: string;
  durationMs: number;
  callId?: string;
  sessionFile?: string;
};

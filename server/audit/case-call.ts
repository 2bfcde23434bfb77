/**
 * One call of an audited step, through the scenario runner's step driver: every
 * question before the one a case aims at answered validly, that one with the
 * case's answer (or held, and answered after the server gave up on it), the ones
 * after validly again; and what the call did, for the judge.
 */
import { describeEnd, resultText } from '../scenarios/outcome-checks';
import { driveStep, type StepContext } from '../scenarios/step-driver';
import type { CallHooks } from '../session/calls/call-rounds';
import type { EventOf } from '../wire/events';
import type { RuleAnswer } from '../wire/rules';
import type { Scenario, ScenarioStep } from '../wire/scenario';
import type { Connection } from './audit-connection';
import { baselineAnswer } from './case-answers';
import { sdkCheckRefusal, type CaseObservation } from './judge';

const SHOWN_CHARS = 300;

export type CaseContext = { scenario: Scenario; step: ScenarioStep; index: number; caseTimeoutMs: number };

export type Plan =
  | { kind: 'probe' }
  /** `late`: hold the answer until the server withdraws the question or ends the call, then send it anyway (2025 only). */
  | { kind: 'answer'; ordinal: number; target: EventOf<'elicitation'>; answer: RuleAnswer; late?: boolean }
  | { kind: 'retry'; start: () => { hooks: CallHooks; sent(): string; isAltered(): boolean } };

export type CallOutcome = {
  observation: CaseObservation;
  elicitations: EventOf<'elicitation'>[];
  /** The answer the case sent to its question, as JSON. */
  sent?: string;
  /** What the audit answered after it, in order ("asked again: {…}", "form 2: {…}"), each shortened. */
  sentAfter: string[];
  callId?: string;
  /** The session closed while the call ran. */
  lost: boolean;
};

/** `isRetryAltered`: a retry case's altered retry has gone out, so what is answered from then on follows the case. */
export async function runCall(
  connection: Connection,
  ctx: CaseContext,
  plan: Plan,
  hooks: CallHooks | undefined,
  isRetryAltered?: () => boolean,
): Promise<CallOutcome> {
  const elicitations: EventOf<'elicitation'>[] = [];
  const observation: CaseObservation = {
    askedAgain: false,
    wentOn: false,
    ...(plan.kind === 'retry' && { isRetryAltered: true }),
    ...(plan.kind === 'answer' && plan.target.mode === 'url' && plan.answer.action === 'accept' && { isUrlConsent: true }),
  };
  let sent: string | undefined;
  const sentAfter: string[] = [];
  const after = (what: string, answer: RuleAnswer): RuleAnswer => {
    sentAfter.push(shorten(`${what}: ${asSent(answer)}`));
    return answer;
  };
  const where = (elicitation: EventOf<'elicitation'>, ordinal: number) => `${elicitation.mode === 'url' ? 'URL request' : 'form'} ${ordinal}`;
  const late = plan.kind === 'answer' && plan.late ? new LateAnswer(connection, ctx, observation) : undefined;
  const listed = (ordinal: number) => ctx.step.elicitations[ordinal - 1]?.answer;
  const valid = (elicitation: EventOf<'elicitation'>, ordinal: number): RuleAnswer =>
    listed(ordinal) ?? (elicitation.mode === 'form' ? baselineAnswer(elicitation.params.requestedSchema) : { action: 'decline' });
  const answerFor: StepContext['answerFor'] = (elicitation, ordinal) => {
    const isRepeat = elicitations.some((earlier) => isSameQuestion(elicitation, earlier));
    elicitations.push(elicitation);
    // A retry case answers everything validly; a question asked again after the altered retry is the server's refusal.
    if (plan.kind === 'retry' && isRepeat) {
      observation.askedAgain = true;
      return after('asked again', { action: 'cancel' });
    }
    if (plan.kind === 'retry' && isRetryAltered?.()) return after(where(elicitation, ordinal), valid(elicitation, ordinal));
    if (plan.kind !== 'answer' || ordinal < plan.ordinal) return valid(elicitation, ordinal);
    if (ordinal === plan.ordinal) {
      sent = asSent(plan.answer);
      return late ? late.hold(elicitation, plan.answer) : plan.answer;
    }
    if (isSameQuestion(elicitation, plan.target)) {
      observation.askedAgain = true;
      return after('asked again', { action: 'cancel' });
    }
    observation.wentOn = true;
    return after(where(elicitation, ordinal), valid(elicitation, ordinal));
  };
  const step: ScenarioStep = { ...ctx.step, elicitations: [], expect: {}, timeoutMs: ctx.caseTimeoutMs + 2000 };
  const result = await driveStep(
    { session: connection.session, rules: ctx.scenario.rules, listen: (handler) => connection.feed.listen(handler), answerFor, ...(hooks && { hooks }) },
    step,
    ctx.index,
  );
  await late?.settle();
  const end = result.callId ? connection.takeEnd(result.callId) : undefined;
  if (end) observation.end = end;
  const lost = connection.isClosed;
  if (result.failures.some((failure) => failure.expectation === 'timeoutMs')) observation.broken = `no end within ${ctx.caseTimeoutMs} ms (a hang)`;
  else if (result.fatal && !end) observation.broken = result.fatal;
  else if (end?.outcome === 'timeout') observation.broken = `no end within ${ctx.caseTimeoutMs} ms (a hang)`;
  else if (end?.outcome === 'error' && end.error?.code === 'transport-closed') observation.broken = `the server went away: ${end.error.message}`;
  if (late && !observation.broken && lost) observation.broken = 'the server went away after the late answer';
  return { observation, elicitations, ...(sent !== undefined && { sent }), sentAfter, ...(result.callId && { callId: result.callId }), lost };
}

/** An answer as it went out, as JSON: the action, and an accept's content. */
function asSent(answer: RuleAnswer): string {
  return JSON.stringify(answer.action === 'accept' ? { action: 'accept', ...(answer.content && { content: answer.content }) } : { action: answer.action });
}

/**
 * The late-answer case: the question is held unanswered; once the server withdraws it
 * (notifications/cancelled, its own timeout) or ends the call, the answer goes out anyway
 * as a JSON-RPC response to the request's id, and a tools/list after it shows whether the
 * server is still there. A server that never gives up within the deadline is answered on
 * time, and has nothing to be late for.
 */
class LateAnswer {
  private held: EventOf<'elicitation'> | undefined;
  private answer: RuleAnswer | undefined;
  private sending: Promise<void> | undefined;
  private readonly stop: () => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly ctx: CaseContext,
    private readonly observation: CaseObservation,
  ) {
    this.stop = connection.feed.listen((event) => {
      if (event.kind !== 'elicitation-end' || event.key !== this.held?.key || event.outcome === 'answered') return;
      if (event.outcome === 'server-cancelled' || event.outcome === 'call-ended') this.sending ??= this.sendLate(event.outcome);
    });
  }

  hold(elicitation: EventOf<'elicitation'>, answer: RuleAnswer): RuleAnswer {
    this.held = elicitation;
    this.answer = answer;
    // Half the case's deadline: a server with no timeout of its own gets its answer on time, before the call's own timeout.
    this.timer = setTimeout(() => {
      if (this.sending || !this.connection.session.broker.isPending(elicitation.key)) return;
      this.observation.neverGaveUp = true;
      const given = answer.action === 'none' ? 'cancel' : answer.action;
      this.connection.session.answerElicitation(elicitation.key, given, given === 'accept' ? answer.content : undefined, true);
    }, this.ctx.caseTimeoutMs / 2);
    return { action: 'none' };
  }

  private async sendLate(outcome: 'server-cancelled' | 'call-ended'): Promise<void> {
    clearTimeout(this.timer);
    const origin = this.held?.origin;
    if (origin?.kind !== 'push' || !this.answer) return;
    const { action, content } = this.answer;
    this.observation.lateAfter = outcome === 'server-cancelled' ? 'the server withdrew its question' : 'the call ended';
    try {
      await this.connection.session.sendLateResponse(origin.rpcId, { action, ...(action === 'accept' && content && { content }) });
      await this.connection.session.refreshTools();
    } catch (error) {
      this.observation.broken = `after the late answer, the server did not answer tools/list: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  async settle(): Promise<void> {
    clearTimeout(this.timer);
    this.stop();
    await this.sending;
  }
}

/** The server asks the question again: the same inputRequests key on 2026-07-28, the same message and schema on 2025. */
export function isSameQuestion(a: EventOf<'elicitation'>, b: EventOf<'elicitation'>): boolean {
  if (a.origin.kind === 'mrtr' && b.origin.kind === 'mrtr') return a.origin.inputKey === b.origin.inputKey;
  return a.params.message === b.params.message && JSON.stringify(a.params.requestedSchema) === JSON.stringify(b.params.requestedSchema);
}

export function describeCame(seen: CaseObservation): string {
  if (!seen.end) return seen.broken ? 'no result' : 'nothing';
  const { end } = seen;
  // The SDK's own refusal in one line: its list of schema issues runs to kilobytes and says less than the case's answer.
  const checked = sdkCheckRefusal(end.outcome === 'result' ? resultText(end.result) : (end.error?.message ?? ''));
  if (checked !== undefined && (end.outcome === 'error' || end.result?.isError === true))
    return shorten(
      `${end.outcome === 'error' ? 'a JSON-RPC error' : 'a result with isError'} from the SDK's own check, before your code: ${JSON.stringify(checked)}`,
    );
  if (end.outcome !== 'result') return shorten(describeEnd(end));
  const text = resultText(end.result);
  const structured = end.result?.structuredContent === undefined ? '' : ` structuredContent ${JSON.stringify(end.result.structuredContent)}`;
  return shorten(`${describeEnd(end)}: ${JSON.stringify(text)}${structured}`);
}

export function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} characters)` : text;
}

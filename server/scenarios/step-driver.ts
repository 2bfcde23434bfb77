/**
 * One scenario step, driven: start its call, meet each elicitation in the order
 * the step lists them (checked, then answered through giveRuleAnswer like any
 * rule), answer unlisted ones by the scenario's rules, and when the call ends
 * check the outcome. Never waits past the step's budget.
 */
import type { CallHooks } from '../session/calls/call-rounds';
import type { Session } from '../session/session';
import type { EventOf, LogEvent } from '../wire/events';
import type { RuleAnswer, RuleRef, RuleSet } from '../wire/rules';
import type { ScenarioStep, SentFileExpect, StepReport } from '../wire/scenario';
import { checkOutcome, type StepFailure } from './outcome-checks';
import { giveRuleAnswer } from '../rules/rule-answer';
import { checkSentFiles } from './file-expect';
import { matchMisses, ruleTakes } from '../rules/match-misses';

/** More elicitations than this beyond the listed ones in one step is a flood: the call is cancelled and the run ends. */
export const MAX_UNLISTED_ELICITATIONS = 100;
/** How many unlisted, unanswered elicitations a step's report names one by one. */
const MAX_NAMED_UNLISTED = 3;
/** After cancelling a call, how long to wait for its end before giving up on it. */
const CANCEL_GRACE_MS = 5000;

type Call = { method: EventOf<'call-start'>['method']; name: string; params: Record<string, unknown> };

export type StepResult = StepReport & {
  /** Why the run cannot go on after this step (the server exited, flooded, the session closed). */
  fatal?: string;
};

export type StepContext = {
  session: Session;
  rules: RuleSet | undefined;
  /** Feeds this step every event of the session, in order, until the returned function is called. */
  listen(handler: (event: LogEvent) => void): () => void;
  /**
   * Answers an elicitation the step does not list before the rules do (`ordinal`: 1 for the first
   * unlisted one); undefined leaves it to the rules. The audit answers with its generated cases here.
   */
  answerFor?(elicitation: EventOf<'elicitation'>, ordinal: number): RuleAnswer | undefined;
  /** Given to the call (see CallHooks). */
  hooks?: CallHooks;
};

export function stepCall(step: ScenarioStep): Call {
  if ('call' in step) return { method: 'tools/call', name: step.call, params: { name: step.call, arguments: step.arguments } };
  if ('getPrompt' in step) return { method: 'prompts/get', name: step.getPrompt, params: { name: step.getPrompt, arguments: step.arguments } };
  return { method: 'resources/read', name: step.readResource, params: { uri: step.readResource } };
}

export function stepName(step: ScenarioStep, index: number): string {
  if (step.name) return step.name;
  const { method, name } = stepCall(step);
  return `${index}. ${method} ${name}`;
}

export function driveStep(ctx: StepContext, step: ScenarioStep, index: number): Promise<StepResult> {
  const { session } = ctx;
  const startedAt = performance.now();
  const name = stepName(step, index);
  const call = stepCall(step);
  const failures: StepFailure[] = [];
  const findingCodes: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let listedIndex = 0;
  let unlisted = 0;
  let rounds = 0;
  let fatal: string | undefined;
  let callId = '';

  return new Promise<StepResult>((resolve) => {
    let isDone = false;
    const finish = (end?: EventOf<'call-end'>) => {
      if (isDone) return;
      isDone = true;
      stopListening();
      for (const timer of timers) clearTimeout(timer);
      if (end) {
        for (const [i, expected] of step.elicitations.entries()) {
          if (i >= listedIndex) failures.push({ expectation: `elicitation ${i + 1}`, expected: describeExpect(expected.expect), actual: 'none came' });
        }
        failures.push(...checkOutcome(step.expect, { end, rounds, findingCodes }));
      }
      const durationMs = Math.round(performance.now() - startedAt);
      resolve({ index, name, status: failures.length ? 'failed' : 'passed', durationMs, callId, failures, ...(fatal && { fatal }) });
    };
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };
    const cancelCall = () => {
      session.call(callId)?.cancel();
      later(CANCEL_GRACE_MS, () => {
        fatal ??= `The call did not end within ${CANCEL_GRACE_MS} ms of being cancelled.`;
        finish();
      });
    };
    const answer = (
      elicitation: EventOf<'elicitation'>,
      reply: RuleAnswer,
      taker: RuleRef,
      listed?: { position: number; sentFiles?: Record<string, SentFileExpect> },
    ) => {
      // The answer names its wait, as a connection's rule does: "answered by scenario step 2 after 1500 ms".
      const rule: RuleRef = reply.delayMs ? { ...taker, delayMs: reply.delayMs } : taker;
      session.emit({
        kind: 'rule-match',
        key: elicitation.key,
        ...(callId && { callId }),
        rule,
        action: reply.action,
        ...(reply.delayMs && { delayMs: reply.delayMs }),
      });
      const give = () => {
        const sentFiles = listed?.sentFiles;
        const onSent = sentFiles && ((content: Record<string, unknown> | undefined) => failures.push(...checkSentFiles(listed.position, sentFiles, content)));
        const outcome = giveRuleAnswer(session, elicitation, reply, rule, 'cancelled', onSent);
        if (outcome !== 'blocked') return;
        failures.push({
          expectation: `answer to ${elicitation.key}`,
          expected: 'content that fits the requested schema',
          actual: 'content the schema refuses (see the rule-content-invalid finding); the elicitation was cancelled',
        });
        giveRuleAnswer(session, elicitation, { action: 'cancel' }, rule);
      };
      if (reply.delayMs) later(reply.delayMs, give);
      else give();
    };
    const onElicitation = (elicitation: EventOf<'elicitation'>) => {
      const subject = { elicitation, serverNames: session.serverNames, ...(call.method === 'tools/call' && { toolName: call.name }) };
      const listed = step.elicitations[listedIndex];
      if (listed) {
        listedIndex++;
        const misses = matchMisses({ ...listed.expect }, subject);
        const ref: RuleRef = { source: 'scenario', index, name };
        if (misses.length === 0) return answer(elicitation, listed.answer, ref, { position: listedIndex, sentFiles: listed.sentFiles });
        for (const miss of misses) failures.push({ expectation: `elicitation ${listedIndex} ${miss.field}`, expected: miss.expected, actual: miss.actual });
        return answer(elicitation, { action: 'cancel' }, ref);
      }
      unlisted++;
      if (unlisted > MAX_UNLISTED_ELICITATIONS) {
        if (fatal) return;
        fatal = `The server sent more than ${MAX_UNLISTED_ELICITATIONS} elicitations the step does not list; the call was cancelled.`;
        failures.push({
          expectation: 'elicitations',
          expected: `${step.elicitations.length} listed`,
          actual: `over ${step.elicitations.length + MAX_UNLISTED_ELICITATIONS}`,
        });
        return cancelCall();
      }
      const given = ctx.answerFor?.(elicitation, unlisted);
      if (given) return answer(elicitation, given, { source: 'scenario', index, name });
      const rules = ctx.rules?.enabled ? ctx.rules.rules : [];
      const ruleIndex = rules.findIndex((rule) => rule.enabled && ruleTakes(rule, subject));
      const rule = rules[ruleIndex];
      if (rule)
        return answer(elicitation, rule.answer, {
          source: 'rules',
          index: ruleIndex + 1,
          ...(rule.id && { id: rule.id }),
          ...(rule.name && { name: rule.name }),
        });
      const message = typeof elicitation.params.message === 'string' ? elicitation.params.message : '';
      // A server that asks many times would bury the report: the first few are named, the flood check counts the rest.
      if (unlisted <= MAX_NAMED_UNLISTED)
        failures.push({
          expectation: 'no unlisted elicitation',
          expected: `${step.elicitations.length} elicitation(s), or one the scenario's rules answer`,
          actual: `a ${elicitation.mode} elicitation ${JSON.stringify(message.slice(0, 200))} no rule matches; it was cancelled`,
        });
      answer(elicitation, { action: 'cancel' }, { source: 'scenario', index, name });
    };

    const stopListening = ctx.listen((event) => {
      if (isDone) return;
      if (event.kind === 'session-state' && event.state === 'closed') {
        fatal ??= event.error?.message ?? `The session closed (${event.reason}).`;
        failures.push({ expectation: 'call-end', expected: 'the call to end', actual: `the session closed first: ${fatal}` });
        return finish();
      }
      if ('callId' in event && event.callId !== undefined && event.callId !== callId) return;
      if (event.kind === 'elicitation') onElicitation(event);
      else if (event.kind === 'finding') findingCodes.push(event.code);
      else if (event.kind === 'call-round' && (event.reason === 'input-responses' || event.reason === 'request-state')) rounds++;
      else if (event.kind === 'call-end') {
        if (event.outcome === 'error' && event.error?.code === 'transport-closed') fatal ??= event.error.message;
        finish(event);
      }
    });

    try {
      callId = session.startCall(call.method, call.name, call.params, step.arguments, 'scenario', ctx.hooks);
    } catch (error) {
      fatal = error instanceof Error ? error.message : String(error);
      failures.push({ expectation: 'call', expected: `${call.method} ${call.name} to start`, actual: fatal });
      return finish();
    }
    const budgetMs = step.timeoutMs ?? session.settings.requestTimeoutMs + CANCEL_GRACE_MS;
    later(budgetMs, () => {
      failures.push({ expectation: 'timeoutMs', expected: `the call to end within ${budgetMs} ms`, actual: 'it had not; it was cancelled' });
      cancelCall();
    });
  });
}

function describeExpect(expect: Record<string, unknown>): string {
  const parts = Object.entries(expect).map(([field, value]) => `${field} ${JSON.stringify(value)}`);
  return parts.length ? `an elicitation with ${parts.join(', ')}` : 'an elicitation';
}

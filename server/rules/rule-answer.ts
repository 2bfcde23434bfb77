/**
 * Gives one rule answer (a connection's rule, or a scenario step's) to one
 * pending elicitation, the way the page would: through the session, so the
 * broker validates it and the log records an `action` by `rule`, naming which.
 */
import type { AnswerBy } from '../session/requests/broker';
import type { Session } from '../session/session';
import type { EventOf, NewLogEvent } from '../wire/events';
import { findingOf } from '../wire/finding-codes';
import type { RuleAnswer, RuleRef } from '../wire/rules';
import { readFileAnswers } from './file-answer';

/**
 * - `answered`: the server has its answer (and a URL flow was marked done, when asked).
 * - `blocked`: the content failed the requested schema; nothing was sent, a finding says why, and the
 *   elicitation is still pending (for a person, or for the caller to cancel: `whenRefused` says which).
 * - `held`: the answer is `none`; the elicitation waits until the server or the call gives up.
 * - `gone`: it was no longer pending (answered, withdrawn, or the session closed).
 */
export type RuleAnswerOutcome = 'answered' | 'blocked' | 'held' | 'gone';

/** A session's part in a rule's answer (a driven session, or a tapped one's held requests: tapped-rules.ts). */
export type Answerable = Pick<Session, 'answerElicitation' | 'recordAction' | 'settings'> & { emit(event: NewLogEvent): unknown };

/**
 * What becomes of an elicitation whose rule content was refused: in the page it waits for a person;
 * a headless step cancels it (and fails), and the finding must say which.
 */
export type WhenRefused = 'waits' | 'cancelled';

const AFTER_REFUSAL: Record<WhenRefused, string> = {
  waits: 'The elicitation waits for a person.',
  cancelled: 'The step fails and the elicitation is cancelled.',
};

export function giveRuleAnswer(
  session: Answerable,
  elicitation: EventOf<'elicitation'>,
  answer: RuleAnswer,
  rule: RuleRef,
  whenRefused: WhenRefused = 'waits',
  /** Told what went out once the answer is sent (a file answer as the data: URI it became). */
  onSent?: (content: Record<string, unknown> | undefined) => void,
): RuleAnswerOutcome {
  if (answer.action === 'none') return 'held';
  const by: AnswerBy = { actor: 'rule', rule };
  const content =
    answer.action !== 'accept'
      ? undefined
      : elicitation.mode === 'form'
        ? isBareAccept(answer)
          ? undefined
          : formContent(elicitation.params.requestedSchema, answer)
        : elicitation.mode === 'sampling'
          ? (answer.content ?? samplingReply(''))
          : undefined;
  const files =
    content && elicitation.mode === 'form'
      ? readFileAnswers(elicitation.params.requestedSchema, content, { fileInputs: session.settings.proposals.fileInputs })
      : { content };
  const error = 'problem' in files ? undefined : session.answerElicitation(elicitation.key, answer.action, files.content, answer.skipValidation === true, by);
  if ('problem' in files || error?.code === 'validation-failed') {
    const why =
      'problem' in files
        ? `answers with a file it cannot send: ${files.problem}.`
        : `would accept with content that fails the requested schema (${error!.message.replace(/^The content does not match the requested schema: /, '')}). Fix the rule's content, or set skipValidation to send it anyway and test the server's own checks.`;
    session.emit({
      kind: 'finding',
      ...findingOf('rule-content-invalid', `Not sent: ${describe(rule)} ${why} ${AFTER_REFUSAL[whenRefused]}`),
      key: elicitation.key,
      ...(elicitation.callId && { callId: elicitation.callId }),
    });
    return 'blocked';
  }
  if (error) return 'gone';
  if (answer.action === 'accept' && elicitation.mode === 'url' && answer.markComplete) session.recordAction(elicitation.key, 'mark-done', by);
  onSent?.(files.content);
  return 'answered';
}

/**
 * An accept sent unchecked and as written, with nothing written: it goes without
 * `content` at all, so a server's handling of that case can be tested.
 */
function isBareAccept(answer: RuleAnswer): boolean {
  return answer.skipValidation === true && answer.mergeDefaults === false && answer.content === undefined;
}

/** A sampling result that replies `text`, named as the inspector's own answer rather than a model's. */
export function samplingReply(text: string): Record<string, unknown> {
  return { role: 'assistant', content: { type: 'text', text }, model: 'elicitation-inspector', stopReason: 'endTurn' };
}

/** What an accepting rule sends to a form: its content over the schema's defaults, or (`mergeDefaults: false`) as written. */
export function formContent(schema: unknown, answer: Pick<RuleAnswer, 'content' | 'mergeDefaults'>): Record<string, unknown> {
  return answer.mergeDefaults === false ? (answer.content ?? {}) : withDefaults(schema, answer.content);
}

/**
 * The rule's content with the requested schema's defaults for the properties it leaves out. The
 * content's keys keep their order and the defaults come after: a server that echoes what it got
 * (or hashes it) sees the content as written, not reordered by the schema.
 */
export function withDefaults(schema: unknown, content: Record<string, unknown> | undefined): Record<string, unknown> {
  const given = Object.entries(content ?? {});
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const defaults = Object.entries(properties).flatMap(([name, property]) =>
    isRecord(property) && property.default !== undefined && !Object.hasOwn(content ?? {}, name) ? [[name, property.default] as const] : [],
  );
  // fromEntries defines each key as data, so a property named __proto__ is a key like any other.
  return Object.fromEntries([...given, ...defaults]);
}

function describe(rule: RuleRef): string {
  const what = rule.source === 'scenario' ? `scenario step ${rule.index}` : `rule ${rule.index}`;
  return rule.name ? `${what} (${rule.name})` : what;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

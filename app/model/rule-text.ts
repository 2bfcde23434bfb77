/**
 * How the page names a response rule and says what it did, in one place, so the
 * pending item, the call, the story and the Rules panel read alike.
 */
import type { EventOf } from '@wire/events';
import type { FindingCode } from '@wire/finding-codes';
import type { RuleRef } from '@wire/rules';

/** "Rule 2 (say no)", "Rule 2", or "Scenario step 3". */
export function ruleLabel(rule: Pick<RuleRef, 'index' | 'name' | 'source'>): string {
  const what = rule.source === 'scenario' ? `Scenario step ${rule.index}` : `Rule ${rule.index}`;
  const name = rule.name?.trim();
  return name ? `${what} (${name.slice(0, 80)})` : what;
}

const VERB = { accept: 'accept', decline: 'decline', cancel: 'cancel' } as const;

/** The finding that says a rule's content failed the requested schema, so its answer was never sent. */
export const RULE_CONTENT_REFUSED: FindingCode = 'rule-content-invalid';

/**
 * What a rule that took a pending request is going to do: "Rule 2 (x) will decline in 500 ms";
 * `isContentRefused` (a rule-content-invalid finding on the request): what it did instead.
 */
export function ruleMatchText(match: Pick<EventOf<'rule-match'>, 'rule' | 'action' | 'delayMs'>, isContentRefused = false): string {
  const who = ruleLabel(match.rule);
  if (isContentRefused) return `${who} did not answer: its content fails the requested schema, so nothing was sent. Answer it yourself.`;
  if (match.action === 'none') return `${who} holds this: it never answers`;
  const delayMs = match.delayMs ?? match.rule.delayMs ?? 0;
  return delayMs > 0 ? `${who} will ${VERB[match.action]} in ${delayMs} ms` : `${who} will ${VERB[match.action]} now`;
}

/** How a rule's answer reads on the call and in the story: "answered by rule 2 (x) after 500 ms". */
export function ruleAnsweredText(rule: RuleRef): string {
  const who = ruleLabel(rule);
  const by = `answered by ${who.charAt(0).toLowerCase()}${who.slice(1)}`;
  return rule.delayMs ? `${by} after ${rule.delayMs} ms` : by;
}

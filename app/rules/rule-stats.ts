/** How many elicitations each rule answered this session, and the last answer's entry. */
import type { LogEvent } from '@wire/events';
import type { Rule, RuleRef } from '@wire/rules';

export type RuleStats = { count: number; lastSeq: number };

const ANSWERS = new Set(['accept', 'decline', 'cancel']);

/** A rule is known by its id (stable across reordering), else by its place. */
export function ruleStatsKey(rule: Pick<Rule, 'id'> | Pick<RuleRef, 'id' | 'index'>, index: number): string {
  return rule.id ? `id:${rule.id}` : `at:${index}`;
}

export function ruleAnswerStats(events: readonly LogEvent[]): Map<string, RuleStats> {
  const stats = new Map<string, RuleStats>();
  for (const event of events) {
    if (event.kind !== 'action' || event.actor !== 'rule' || !event.rule || event.rule.source === 'scenario' || !ANSWERS.has(event.action)) continue;
    const key = ruleStatsKey(event.rule, event.rule.index);
    const seen = stats.get(key);
    stats.set(key, { count: (seen?.count ?? 0) + 1, lastSeq: event.seq });
  }
  return stats;
}

/**
 * How many elicitations each rule answered this session, and the last answer's entry,
 * counted as entries arrive: a windowed session keeps the counts without its log.
 */
import type { LogEvent } from '@wire/events';
import type { Rule, RuleRef } from '@wire/rules';

export type RuleStats = { count: number; lastSeq: number };

const ANSWERS = new Set(['accept', 'decline', 'cancel']);

/** A rule is known by its id (stable across reordering), else by its place. */
export function ruleStatsKey(rule: Pick<Rule, 'id'> | Pick<RuleRef, 'id' | 'index'>, index: number): string {
  return rule.id ? `id:${rule.id}` : `at:${index}`;
}

/** The counts with this entry in: a new map when it is a rule's answer (person and scenario answers are not counted), else the same one. */
export function withRuleAnswer(stats: ReadonlyMap<string, RuleStats>, event: LogEvent): ReadonlyMap<string, RuleStats> {
  if (event.kind !== 'action' || event.actor !== 'rule' || !event.rule || event.rule.source === 'scenario' || !ANSWERS.has(event.action)) return stats;
  const key = ruleStatsKey(event.rule, event.rule.index);
  const next = new Map(stats);
  next.set(key, { count: (stats.get(key)?.count ?? 0) + 1, lastSeq: event.seq });
  return next;
}

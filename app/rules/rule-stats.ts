/** How many elicitations each rule answered this session, and the last answer's entry (counted by the session's store). */
import type { LogEvent } from '@wire/events';
import { withRuleAnswer, type RuleStats } from '@app/model/rule-answers';

export { ruleStatsKey, type RuleStats } from '@app/model/rule-answers';

export function ruleAnswerStats(events: readonly LogEvent[]): ReadonlyMap<string, RuleStats> {
  return events.reduce(withRuleAnswer, new Map<string, RuleStats>());
}

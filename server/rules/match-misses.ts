/**
 * Whether an elicitation fits a rule's match (or a scenario step's expectation),
 * and, when it does not, which field failed and what came instead, so a report
 * can say "expected message containing X, got Y".
 */
import { compileSafePattern } from '../wire/safe-pattern';
import type { EventOf } from '../wire/events';
import type { Rule, RuleMatch } from '../wire/rules';
import { appOf, factsOf } from './rule-engine';
import { appHolds, ruleHolds } from './rule-match';

/** What a match is checked against: the elicitation, and the call and server it came from. */
export type MatchSubject = {
  elicitation: Pick<EventOf<'elicitation'>, 'mode' | 'params' | 'origin' | 'serverName'>;
  /** The tool whose call asked; undefined outside a tool call. */
  toolName?: string;
  /** The names the server gave itself (its `name`, and its `title`); a match may name either. */
  serverNames?: readonly string[];
};

export type MatchMiss = { field: keyof RuleMatch; expected: string; actual: string };

/** Every field of the match that does not hold, in the order of the schema; empty when it matches. */
export function matchMisses(match: RuleMatch, subject: MatchSubject): MatchMiss[] {
  const { elicitation, toolName } = subject;
  const serverNames = subject.serverNames ?? [elicitation.serverName];
  const message = typeof elicitation.params.message === 'string' ? elicitation.params.message : '';
  const misses: MatchMiss[] = [];
  if (match.tool !== undefined && match.tool !== toolName) misses.push({ field: 'tool', expected: match.tool, actual: toolName ?? '(no tool call)' });
  if (match.server !== undefined && !serverNames.includes(match.server))
    misses.push({ field: 'server', expected: match.server, actual: serverNames.join(' / ') });
  if (match.mode !== undefined && match.mode !== elicitation.mode) misses.push({ field: 'mode', expected: match.mode, actual: elicitation.mode });
  if (match.message !== undefined && !message.includes(match.message)) {
    misses.push({ field: 'message', expected: `a message containing ${JSON.stringify(match.message)}`, actual: JSON.stringify(message) });
  }
  if (match.messagePattern !== undefined) {
    const pattern = compileSafePattern(match.messagePattern);
    if (!pattern.isEnforced) {
      misses.push({ field: 'messagePattern', expected: `/${match.messagePattern}/`, actual: `a pattern that cannot run: ${pattern.reason}` });
    } else if (!pattern.test(message)) {
      misses.push({ field: 'messagePattern', expected: `a message matching /${match.messagePattern}/`, actual: JSON.stringify(message) });
    }
  }
  if (match.properties !== undefined) {
    const names = propertyNames(elicitation.params.requestedSchema);
    const missing = match.properties.filter((name) => !names.includes(name));
    if (missing.length)
      misses.push({
        field: 'properties',
        expected: `properties ${match.properties.join(', ')}`,
        actual: names.length ? `properties ${names.join(', ')}` : 'no properties',
      });
  }
  if (match.roundKey !== undefined) {
    const key = elicitation.origin.kind === 'mrtr' ? elicitation.origin.inputKey : undefined;
    if (key !== match.roundKey)
      misses.push({
        field: 'roundKey',
        expected: `round key ${JSON.stringify(match.roundKey)}`,
        actual: key === undefined ? 'no input_required round' : `round key ${JSON.stringify(key)}`,
      });
  }
  if (match.app !== undefined) {
    const app = appOf(elicitation.params);
    if (!appHolds(match.app, app)) {
      const expected = match.app === true ? 'an app' : match.app === false ? 'no app' : `app ${match.app}`;
      misses.push({ field: 'app', expected, actual: app === undefined ? 'no app' : `app ${app}` });
    }
  }
  return misses;
}

/** Whether a rule takes the elicitation: the live engine's own test (rule-match.ts), so both agree. */
export function ruleTakes(rule: Rule, subject: MatchSubject): boolean {
  const { elicitation, toolName } = subject;
  return ruleHolds(rule, factsOf(elicitation, toolName, subject.serverNames ?? [elicitation.serverName]));
}

function propertyNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || !('properties' in schema)) return [];
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

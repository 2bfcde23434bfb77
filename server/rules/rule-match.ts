/**
 * Which rule of a rule set takes an elicitation: the first enabled rule of an
 * enabled set whose every match field holds. Matching yields to the event loop
 * between rules once a slice of work is spent, so 500 rules with slow patterns
 * against a huge message keep the proxy answering everything else meanwhile.
 */
import { compileSafePattern } from '../wire/safe-pattern';
import type { Rule, RuleSet } from '../wire/rules';

/**
 * The longest message a `messagePattern` is run on; a longer one matches no pattern (a `message`
 * substring still works). RE2 is linear, but linear in a megabyte times 500 rules is still seconds,
 * and a cut message would let `$` match where the server's text does not end.
 */
export const PATTERN_TEXT_MAX_CHARS = 64 * 1024;

/** Work done between two yields to the event loop, ms. */
const SLICE_MS = 8;

/** What is known of one elicitation when rules are matched against it. */
export type MatchFacts = {
  /** The tool whose call asked; undefined outside a `tools/call`. */
  tool: string | undefined;
  /** The names the server gave itself (its `name`, and its `title` when it has one). */
  serverNames: readonly string[];
  mode: 'form' | 'url' | 'sampling';
  message: string;
  /** Property names of the requested schema (empty in URL mode). */
  properties: ReadonlySet<string>;
  /** The input key of a 2026-07-28 round; undefined for a pushed request. */
  roundKey: string | undefined;
  /** The app the request names (SEP-3118, a valid `ui://` URI); undefined when it names none. */
  app: string | undefined;
};

export type RuleFound = { rule: Rule; index: number };

/** A rule whose pattern RE2 cannot run: it never matches, and the caller says so once. */
export type UnenforcedPattern = { index: number; pattern: string; reason: string };

export type MatchOptions = {
  onUnenforced?: (problem: UnenforcedPattern) => void;
  /** Lets the event loop run; tests pass their own to watch the yields. */
  yieldTurn?: () => Promise<void>;
  /** Stop early (the elicitation ended, or the session closed, while matching). */
  isStale?: () => boolean;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The first rule that takes the elicitation, or undefined (none does, the set is off, or it went stale). */
export async function findRule(rules: RuleSet, facts: MatchFacts, options: MatchOptions = {}): Promise<RuleFound | undefined> {
  if (!rules.enabled) return undefined;
  const yieldTurn = options.yieldTurn ?? nextTurn;
  const isPatternable = facts.message.length <= PATTERN_TEXT_MAX_CHARS;
  // Many rules may share one pattern: each is run once per elicitation.
  const patternResults = new Map<string, boolean>();
  let sliceStart = performance.now();
  for (const [offset, rule] of rules.rules.entries()) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldTurn();
      if (options.isStale?.()) return undefined;
      sliceStart = performance.now();
    }
    if (!rule.enabled) continue;
    const index = offset + 1;
    if (!holdsWithoutPattern(rule, facts)) continue;
    const pattern = rule.match.messagePattern;
    if (pattern !== undefined) {
      if (!isPatternable) continue;
      if (!testPattern(pattern, facts.message, patternResults, (reason) => options.onUnenforced?.({ index, pattern, reason }))) continue;
    }
    return { rule, index };
  }
  return undefined;
}

/**
 * Whether one rule's match takes the elicitation, at once: what a scenario's step uses for its rules,
 * so a rule means the same there as in a live session's engine.
 */
export function ruleHolds(rule: Rule, facts: MatchFacts): boolean {
  if (!holdsWithoutPattern(rule, facts)) return false;
  const pattern = rule.match.messagePattern;
  if (pattern === undefined) return true;
  if (facts.message.length > PATTERN_TEXT_MAX_CHARS) return false;
  const compiled = compileSafePattern(pattern);
  return compiled.isEnforced && compiled.test(facts.message);
}

/** Every match field but the pattern: cheap checks first, so the pattern runs only for rules that could take it. */
function holdsWithoutPattern(rule: Rule, facts: MatchFacts): boolean {
  const match = rule.match;
  if (match.mode !== undefined && match.mode !== facts.mode) return false;
  // Rules written for elicitations (no mode) never answer a sampling request: only one that names it does.
  if (facts.mode === 'sampling' && match.mode !== 'sampling') return false;
  if (match.tool !== undefined && match.tool !== facts.tool) return false;
  if (match.server !== undefined && !facts.serverNames.includes(match.server)) return false;
  if (match.roundKey !== undefined && match.roundKey !== facts.roundKey) return false;
  if (match.app !== undefined && !appHolds(match.app, facts.app)) return false;
  if (match.properties !== undefined && !match.properties.every((name) => facts.properties.has(name))) return false;
  if (match.message !== undefined && !facts.message.includes(match.message)) return false;
  return true;
}

function testPattern(pattern: string, text: string, results: Map<string, boolean>, onUnenforced: (reason: string) => void): boolean {
  const known = results.get(pattern);
  if (known !== undefined) return known;
  const compiled = compileSafePattern(pattern);
  if (!compiled.isEnforced) onUnenforced(compiled.reason);
  const isMatch = compiled.isEnforced && compiled.test(text);
  results.set(pattern, isMatch);
  return isMatch;
}

/** A match's `app` against the app a request names: `true` any, `false` none, a string that URI. */
export function appHolds(expected: boolean | string, app: string | undefined): boolean {
  return typeof expected === 'boolean' ? expected === (app !== undefined) : expected === app;
}

/**
 * Applies a session's response rules. It follows the session's log like a page
 * does (the tool of each call from `call-start`, the server's name from `ready`,
 * each `elicitation`), and answers through giveRuleAnswer, the same path a
 * scenario step takes, so the broker validates and the log names the rule.
 */
import type { EventOf, LogEvent } from '../wire/events';
import { findingOf } from '../wire/finding-codes';
import type { RuleRef, RuleSet } from '../wire/rules';
import { appResourceOf } from '../wire/proposals';
import { giveRuleAnswer, type Answerable } from './rule-answer';
import { findRule, type MatchFacts, type MatchOptions, type UnenforcedPattern } from './rule-match';

/** What the engine reads and answers through: a driven session, or a tapped session's held requests (tapped-rules.ts). */
export type RuleHost = Answerable & { readonly rules: RuleSet; log: { follow(follower: (events: readonly LogEvent[]) => void): () => void } };

export class RuleEngine {
  /** callId → tool name, while the call runs. */
  private readonly tools = new Map<string, string>();
  private serverNames: string[] = [];
  /** The rules in force at the point of the log the engine has read up to (a set-rules entry swaps them). */
  private rules: RuleSet;
  /** Elicitations still pending, as the log tells it: a delay or a match in progress stops when one ends. */
  private readonly open = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly reportedPatterns = new Set<string>();
  /** Matches run one after another, in log order, so two elicitations are never taken out of turn. */
  private queue: Promise<void> = Promise.resolve();
  private isStopped = false;
  private readonly unfollow: () => void;

  constructor(
    private readonly host: RuleHost,
    private readonly options: Pick<MatchOptions, 'yieldTurn'> = {},
  ) {
    this.rules = host.rules;
    this.unfollow = host.log.follow((events) => {
      for (const event of events) this.read(event);
    });
  }

  /** Stop following and drop every pending delay; idempotent. */
  stop(): void {
    if (this.isStopped) return;
    this.isStopped = true;
    this.unfollow();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.open.clear();
  }

  /** Settles once every elicitation seen so far has been matched (tests wait on it). */
  idle(): Promise<void> {
    return this.queue;
  }

  private read(event: LogEvent): void {
    if (this.isStopped) return;
    switch (event.kind) {
      case 'session-state':
        if (event.state === 'ready' && event.serverInfo) this.serverNames = [event.serverInfo.name, event.serverInfo.title].filter((n): n is string => !!n);
        if (event.state === 'closed') this.stop();
        return;
      case 'call-start':
        if (event.method === 'tools/call') this.tools.set(event.callId, event.name);
        return;
      case 'call-end':
        this.tools.delete(event.callId);
        return;
      case 'action':
        if (event.action === 'set-rules') this.rules = this.host.rules;
        return;
      case 'elicitation':
        this.take(event);
        return;
      case 'elicitation-end':
        this.open.delete(event.key);
        clearTimeout(this.timers.get(event.key));
        this.timers.delete(event.key);
        return;
      default:
        // Traffic, findings and the rules' own entries say nothing about which rule takes what.
        return;
    }
  }

  private take(elicitation: EventOf<'elicitation'>): void {
    const rules = this.rules;
    if (!rules.enabled || rules.rules.length === 0) return;
    this.open.add(elicitation.key);
    const facts = factsOf(elicitation, this.callTool(elicitation.callId), this.serverNames);
    this.queue = this.queue.then(() => this.match(elicitation, rules, facts)).catch((error: unknown) => this.report(error));
  }

  private async match(elicitation: EventOf<'elicitation'>, rules: RuleSet, facts: MatchFacts): Promise<void> {
    const isStale = () => this.isStopped || !this.open.has(elicitation.key);
    if (isStale()) return;
    const found = await findRule(rules, facts, { ...this.options, isStale, onUnenforced: (problem) => this.reportPattern(problem) });
    if (!found || isStale()) return;
    const { rule, index } = found;
    const delayMs = rule.answer.action === 'none' ? undefined : rule.answer.delayMs;
    const ref: RuleRef = {
      index,
      ...(rule.id !== undefined && { id: rule.id }),
      ...(rule.name !== undefined && { name: rule.name }),
      ...(delayMs && { delayMs }),
      source: 'rules',
    };
    this.host.emit({
      kind: 'rule-match',
      key: elicitation.key,
      ...(elicitation.callId && { callId: elicitation.callId }),
      rule: ref,
      action: rule.answer.action,
      ...(delayMs && { delayMs }),
    });
    if (rule.answer.action === 'none') return;
    if (!delayMs) {
      giveRuleAnswer(this.host, elicitation, rule.answer, ref);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(elicitation.key);
      if (!isStale()) giveRuleAnswer(this.host, elicitation, rule.answer, ref);
    }, delayMs);
    // A waiting rule must not keep a proxy that is shutting down alive; the session's close clears it anyway.
    timer.unref();
    this.timers.set(elicitation.key, timer);
  }

  private callTool(callId: string | undefined): string | undefined {
    return callId === undefined ? undefined : this.tools.get(callId);
  }

  private reportPattern(problem: UnenforcedPattern): void {
    if (this.reportedPatterns.has(problem.pattern)) return;
    this.reportedPatterns.add(problem.pattern);
    this.host.emit({
      kind: 'finding',
      ...findingOf(
        'rule-pattern-unenforced',
        `Rule ${problem.index}'s messagePattern cannot be used: ${problem.reason}. The rule never matches until its pattern is changed.`,
      ),
    });
  }

  private report(error: unknown): void {
    // A rule that cannot be applied leaves the elicitation to a person; the log says why.
    this.host.emit({
      kind: 'proxy-error',
      error: { code: 'internal', message: `Response rules failed: ${error instanceof Error ? error.message : String(error)}` },
    });
  }
}

export function factsOf(
  elicitation: Pick<EventOf<'elicitation'>, 'mode' | 'params' | 'origin'>,
  tool: string | undefined,
  serverNames: readonly string[],
): MatchFacts {
  const { params, origin } = elicitation;
  const schema = params.requestedSchema;
  const properties = isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  return {
    tool,
    serverNames,
    mode: elicitation.mode,
    message: typeof params.message === 'string' ? params.message : '',
    properties: new Set(properties),
    roundKey: origin.kind === 'mrtr' ? origin.inputKey : undefined,
    app: appOf(params),
  };
}

/** The app a request names, when it is a valid `ui://` URI (SEP-3118). */
export function appOf(params: Record<string, unknown>): string | undefined {
  const resource = appResourceOf(params);
  return 'uri' in resource ? resource.uri : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

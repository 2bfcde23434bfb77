/**
 * The page's view of a session: the session model (server/wire/session-model.ts), which every
 * view and export reads, plus what only the page keeps: each rule's answers, and for a live
 * session whose log is windowed only its newest calls (`trim`); the older ones are listed from
 * the proxy when asked for.
 */
import type { LogEvent } from '@wire/events';
import { SessionModel } from '@wire/session-model';
import { withRuleAnswer, type RuleStats } from './rule-answers';

export type { CallView, ElicitationView, RoundView, StatusView, ToolInfo } from '@wire/session-model';

/** Findings kept by a windowed live session: the newest, as its calls are. */
const FINDINGS_KEPT = 200;

export class SessionViews extends SessionModel {
  /** Each rule's answers so far, by ruleStatsKey. */
  ruleStats: ReadonlyMap<string, RuleStats> = new Map();

  reduce(event: LogEvent): void {
    this.ruleStats = withRuleAnswer(this.ruleStats, event);
    this.add(event);
  }

  /**
   * Let go of the oldest calls past `keep`, with their elicitations (and the oldest elicitations made
   * outside a call past as many): never one still running or waiting on the person. The map keeps
   * insertion order, which is seq order for the live part; a page of older calls is sorted by the snapshot.
   */
  trim(keep: number): void {
    const byAge = [...this.calls.values()].sort((a, b) => a.startSeq - b.startSeq);
    const isPending = (key: string) => this.elicitations.get(key)?.end === undefined;
    for (const call of byAge.slice(0, Math.max(0, byAge.length - keep))) {
      if (!call.end || call.elicitationKeys.some(isPending)) continue;
      this.forgetCall(call.callId);
    }
    const loose = [...this.elicitations.values()].filter((e) => !e.callId && e.end);
    for (const e of loose.slice(0, Math.max(0, loose.length - keep))) this.forgetElicitation(e.key);
    if (this.findings.length > FINDINGS_KEPT) this.findings = this.findings.slice(-FINDINGS_KEPT);
  }
}

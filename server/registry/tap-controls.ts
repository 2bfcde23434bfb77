/**
 * What the inspector asks of the taps whose sessions it follows (docs/tap.md, Hold and answer
 * here): the hold's switch, the person's answers to held requests, and the response rules that
 * answer them in the person's place (rules/tapped-rules.ts). Each request is a line of the tap's
 * control file beside its record (store/tap-control.ts); the tap's own entries say when it is done.
 */
import { TappedRules } from '../rules/tapped-rules';
import type { FollowedSession } from '../store/followed-session';
import { writeTapControl, type TapControl } from '../store/tap-control';
import type { SessionSummary } from '../wire/commands';
import { WireFailure } from '../wire/errors';
import type { RuleSet } from '../wire/rules';

export class TapControls {
  /** A tapped session's rules, once set here: this inspector's, kept while it runs. */
  private readonly rules = new Map<string, TappedRules>();

  constructor(
    private readonly followed: (sessionId: string) => FollowedSession | undefined,
    private readonly dataDir: string | undefined,
  ) {}

  setHold(sessionId: string, isOn: boolean): void {
    this.send(sessionId, { type: 'hold', isOn, pid: process.pid });
  }

  answer(sessionId: string, key: string, action: 'accept' | 'decline' | 'cancel', content: Record<string, unknown> | undefined): void {
    this.send(sessionId, { type: 'answer', key, action, ...(content && { content }) });
  }

  /** Replace a live tapped session's rules: they answer the held requests that arrive from now on. */
  setRules(sessionId: string, rules: RuleSet): void {
    const followed = this.live(sessionId);
    const existing = this.rules.get(sessionId);
    if (existing) existing.set(rules);
    else this.rules.set(sessionId, new TappedRules(followed, (control) => this.send(sessionId, control), rules));
  }

  /** The session's entry in the list, with the rules set here (what the Rules panel shows). */
  summary(followed: FollowedSession): SessionSummary {
    const summary = followed.summary();
    const rules = this.rules.get(followed.sessionId)?.rules;
    return rules ? { ...summary, settings: { ...summary.settings, rules } } : summary;
  }

  /** The session was deleted: its rules stop. */
  forget(sessionId: string): void {
    this.rules.get(sessionId)?.stop();
    this.rules.delete(sessionId);
  }

  private live(sessionId: string): FollowedSession {
    const followed = this.followed(sessionId);
    if (!followed || !this.dataDir) throw new WireFailure('conflict', 'Only a tapped session can hold its elicitations: this one is not.');
    if (!followed.isLive) throw new WireFailure('conflict', 'This tapped session has ended: there is nothing left to hold or answer.');
    return followed;
  }

  private send(sessionId: string, control: TapControl): void {
    this.live(sessionId);
    try {
      writeTapControl(this.dataDir!, sessionId, control);
    } catch (error) {
      throw new WireFailure('internal', `Could not reach the tap: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

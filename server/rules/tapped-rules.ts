/**
 * Response rules for the requests a tap holds (docs/tap.md, Hold and answer here): the same
 * RuleEngine as a driven session's, reading the tapped session's record as the inspector follows
 * it, and taking only the requests the tap holds from the host (the host answers the others).
 * A rule's answer is checked against the requested schema here, as the broker checks a driven
 * session's, and goes to the tap through its control file; the tap logs the rule's match, its
 * findings and its answer (actor `rule`, naming it), since the record is the tap's to write.
 */
import type { AnswerBy } from '../session/requests/broker';
import { validateContent } from '../checks/content-validation';
import type { InspectorEntry, TapControl } from '../store/tap-control';
import type { EventOf, LogEvent, NewLogEvent, WireError } from '../wire/events';
import type { RuleSet } from '../wire/rules';
import { DEFAULT_SETTINGS } from '../wire/target';
import { RuleEngine, type RuleHost } from './rule-engine';

/** The followed record, as this reads it: what was read already (the latest entries), and each batch from now on. */
export type TappedRecord = {
  readonly sessionId: string;
  latest(): readonly { json: string }[];
  subscribe(listener: (events: { json: string }[]) => void): () => void;
};

type Follower = (events: readonly LogEvent[]) => void;

export class TappedRules {
  private current: RuleSet;
  private readonly followers = new Set<Follower>();
  /** The held requests still waiting, by key: what a rule's answer is checked against. */
  private readonly held = new Map<string, EventOf<'elicitation'>>();
  private readonly engine: RuleEngine;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly record: TappedRecord,
    private readonly send: (control: TapControl) => void,
    rules: RuleSet,
  ) {
    this.current = rules;
    const current = () => this.current;
    const host: RuleHost = {
      get rules() {
        return current();
      },
      log: {
        follow: (follower) => {
          this.followers.add(follower);
          return () => this.followers.delete(follower);
        },
      },
      // The inspector's defaults, proposals off: a held request's answer is the inspector's, with no
      // settings of its own (a rule's { file } answer is refused, as in a session with File inputs off).
      settings: DEFAULT_SETTINGS,
      emit: (event) => this.emitted(event),
      answerElicitation: (key, action, content, skipValidation, by) => this.answer(key, action, content, skipValidation, by),
      // Held requests are forms: a URL flow goes to the host, so there is nothing to mark done here.
      recordAction: () => false,
    };
    this.engine = new RuleEngine(host);
    // What the record said before the rules were set: the server's name, the calls running. Not its requests:
    // rules apply to the ones that come after they are set, as in a driven session.
    this.pass(parse(record.latest()).filter((event) => event.kind !== 'elicitation'));
    this.unsubscribe = record.subscribe((batch) => this.pass(parse(batch)));
  }

  get rules(): RuleSet {
    return this.current;
  }

  /** Replace the rules: they apply to held requests that arrive after this; one already taken keeps its rule. */
  set(rules: RuleSet): void {
    this.current = rules;
    const change: LogEvent = { seq: 0, at: Date.now(), sessionId: this.record.sessionId, kind: 'action', actor: 'user', action: 'set-rules' };
    this.pass([change]);
  }

  /** Settles once every held request seen so far has been matched (tests wait on it). */
  idle(): Promise<void> {
    return this.engine.idle();
  }

  stop(): void {
    this.unsubscribe();
    this.engine.stop();
    this.held.clear();
  }

  private pass(events: LogEvent[]): void {
    const taken = events.flatMap((event): LogEvent[] => {
      // Passed on to the host when the hold went off: the host answers them now, and a rule still waiting lets go.
      if (event.kind === 'tap-hold') {
        const released = (event.released ?? []).filter((key) => this.held.delete(key));
        const { seq, at, sessionId } = event;
        return released.map((key) => ({ seq, at, sessionId, kind: 'elicitation-end', key, outcome: 'dismissed', reason: 'passed on to the host' }));
      }
      if (event.kind !== 'elicitation') {
        if (event.kind === 'elicitation-end') this.held.delete(event.key);
        return [event];
      }
      // The host answers what it was sent; rules answer only what the tap keeps from it.
      if (event.held !== true) return [];
      this.held.set(event.key, event);
      return [event];
    });
    if (taken.length) for (const follower of this.followers) follower(taken);
  }

  private answer(
    key: string,
    action: 'accept' | 'decline' | 'cancel',
    content: Record<string, unknown> | undefined,
    skipValidation: boolean,
    by: AnswerBy = { actor: 'user' },
  ): WireError | undefined {
    const request = this.held.get(key);
    if (!request) return { code: 'not-found', message: `Elicitation ${key} is no longer held: it was answered, passed on to the host, or ended.` };
    let sent = action === 'accept' ? (content ?? (skipValidation ? undefined : {})) : undefined;
    const schema = request.params.requestedSchema;
    if (action === 'accept' && !skipValidation && typeof schema === 'object' && schema !== null) {
      const problems = validateContent(schema as Record<string, unknown>, sent ?? {});
      if (problems.length) {
        const message = `The content does not match the requested schema: ${problems.map((p) => (p.path ? `${p.path} ${p.message}` : p.message)).join('; ')}`;
        return { code: 'validation-failed', message, detail: problems };
      }
      sent ??= {};
    }
    try {
      this.send({
        type: 'answer',
        key,
        action,
        ...(sent && { content: sent }),
        ...(by.actor === 'rule' && by.rule && { rule: by.rule }),
        ...(skipValidation && action === 'accept' && { skippedValidation: true }),
      });
    } catch (error) {
      return { code: 'internal', message: `Could not reach the tap: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.held.delete(key);
    return undefined;
  }

  /** The engine's own entries (a rule took a request, a rule's finding, a failure): the tap writes them into its record. */
  private emitted(event: NewLogEvent): void {
    const entry = inspectorEntry(event);
    if (!entry) return;
    try {
      this.send({ type: 'entry', event: entry });
    } catch {
      // The tap is out of reach: its own record says what became of the request (passed on when the inspector goes).
    }
  }
}

function inspectorEntry(event: NewLogEvent): InspectorEntry | undefined {
  if (event.kind === 'rule-match') return event;
  if (event.kind === 'finding') {
    const { code, severity, message, key, callId } = event;
    return { kind: 'finding', code, severity, message: message.slice(0, 4000), ...(key && { key }), ...(callId && { callId }) };
  }
  if (event.kind === 'proxy-error') return { kind: 'proxy-error', error: { code: 'internal', message: event.error.message.slice(0, 4000) } };
  return undefined;
}

function parse(batch: readonly { json: string }[]): LogEvent[] {
  return batch.flatMap(({ json }) => {
    try {
      return [JSON.parse(json) as LogEvent];
    } catch {
      return [];
    }
  });
}

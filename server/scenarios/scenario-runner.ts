/**
 * Runs a scenario headless: a session in a SessionRegistry (no HTTP server, no
 * page), its steps one after another, on one protocol revision or on each of
 * them. Each run is an ordinary session, kept in the data folder like any other,
 * so the page can open the whole story of a failed step.
 */
import { demoTarget } from '../demo/demo-target';
import type { Session } from '../session/session';
import type { SessionRegistry } from '../registry/session-registry';
import type { LogEvent } from '../wire/events';
import type { RunReport, Scenario, StepReport } from '../wire/scenario';
import { SessionSettingsSchema, type ProtocolChoice } from '../wire/target';
import { driveStep, stepName } from './step-driver';

/** The revisions `protocol: "all"` runs on, newest first. */
export const ALL_PROTOCOLS = ['2026-07-28', '2025-11-25', '2025-06-18'] as const;
/** A backstop over the session's own connect timeout (30 s), so a run never waits forever for a first word. */
const CONNECT_BACKSTOP_MS = 60_000;

export type RunOptions = {
  registry: SessionRegistry;
  /** What the report calls the scenario: its name, else this (a file name), else "scenario". */
  label?: string;
  /** Replaces the scenario's own `protocol`. */
  protocol?: Scenario['protocol'];
  /** Told of each step as it ends, for a reporter that prints as it goes. */
  onStep?: (step: StepReport, run: { protocol: string }) => void;
};

/** Runs the scenario once per protocol it names; a revision the server refuses, beside one it speaks, is marked not spoken. */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<RunReport[]> {
  const choice = options.protocol ?? scenario.protocol;
  const protocols: ProtocolChoice[] = choice === 'all' ? [...ALL_PROTOCOLS] : Array.isArray(choice) ? choice : [choice];
  const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
  for (const protocol of protocols) runs.push(await runOnce(scenario, protocol, options));
  return markNotSpoken(runs);
}

/**
 * The rule `run --protocol all` and `audit --revision all` share: of several revisions asked for, one
 * the server refused (`connectRefused`, from connectedOn) beside one it spoke is not spoken, reported
 * and not failed; with none spoken, each refusal stays an error.
 */
export function markNotSpoken<T extends { negotiatedVersion?: string; connectRefused?: boolean }>(
  runs: T[],
): (Omit<T, 'connectRefused'> & { isNotSpoken?: boolean })[] {
  const hasSpoken = runs.some((run) => run.negotiatedVersion !== undefined && !run.connectRefused);
  return runs.map(({ connectRefused, ...report }) => (runs.length > 1 && hasSpoken && connectRefused ? { ...report, isNotSpoken: true } : report));
}

/** How a connect asked for one revision went: `isReady` once the handshake is done (on that revision or another); else, or on another, why not. */
export type ConnectOutcome = { isReady: boolean; error?: string; connectRefused?: boolean };

/**
 * Whether the session came up on `protocol`, and when not, whether that is the server refusing the
 * revision: it could not connect on a revision asked for by name, or answered with another.
 */
export async function connectedOn(events: EventFeed, session: Session, protocol: ProtocolChoice): Promise<ConnectOutcome> {
  const ready = await events.untilReady();
  if (ready !== 'ready') return { isReady: false, error: `Could not connect: ${ready}`, connectRefused: protocol !== 'auto' };
  if (protocol !== 'auto' && session.protocolVersion !== protocol)
    return { isReady: true, error: `The server answered with ${session.protocolVersion ?? 'no version'} when asked for ${protocol}.`, connectRefused: true };
  return { isReady: true };
}

export async function runOnce(scenario: Scenario, protocol: ProtocolChoice, options: RunOptions): Promise<RunReport & { connectRefused?: boolean }> {
  const startedAt = performance.now();
  const label = scenario.name ?? options.label ?? 'scenario';
  const settings = SessionSettingsSchema.parse({ ...scenario.client, protocol });
  const session = await options.registry.connect(scenario.server ?? demoTarget(), settings, scenario.server === undefined);
  const events = new EventFeed(session);
  const report: RunReport & { connectRefused?: boolean } = { scenario: label, protocol, status: 'passed', durationMs: 0, sessionId: session.id, steps: [] };
  try {
    const connected = await connectedOn(events, session, protocol);
    if (connected.isReady) report.negotiatedVersion = session.protocolVersion;
    if (connected.error !== undefined) {
      report.status = 'error';
      report.error = connected.error;
      report.connectRefused = connected.connectRefused;
      return report;
    }
    for (const [i, step] of scenario.steps.entries()) {
      if (report.error) {
        // A step the run never reached is reported like one it ran, so the line reporter prints it and the summary counts it.
        const skipped: StepReport = { index: i + 1, name: stepName(step, i + 1), status: 'skipped', durationMs: 0, failures: [] };
        report.steps.push(skipped);
        options.onStep?.(skipped, { protocol });
        continue;
      }
      const { fatal, ...result } = await driveStep({ session, rules: scenario.rules, listen: (handler) => events.listen(handler) }, step, i + 1);
      report.steps.push(result);
      options.onStep?.(result, { protocol });
      if (fatal) report.error = fatal;
    }
    report.status = report.error ? 'error' : report.steps.some((step) => step.status === 'failed') ? 'failed' : 'passed';
    return report;
  } finally {
    await session.close('user');
    events.stop();
    report.durationMs = Math.round(performance.now() - startedAt);
    const file = options.registry.filePath(session.id);
    if (file) report.sessionFile = file;
  }
}

/** The session's events as they reach its log (parsed once), to whoever listens now. */
export class EventFeed {
  private readonly handlers = new Set<(event: LogEvent) => void>();
  private readonly unsubscribe: () => void;
  private state: { kind: 'connecting' } | { kind: 'ready' } | { kind: 'closed'; why: string } = { kind: 'connecting' };
  private onState: (() => void) | undefined;

  constructor(session: Session) {
    this.unsubscribe = session.log.subscribe((batch) => {
      for (const stored of batch) {
        const event = parseEvent(stored.json);
        if (!event) continue;
        if (event.kind === 'session-state' && event.state !== 'connecting' && this.state.kind !== 'closed') {
          this.state = event.state === 'ready' ? { kind: 'ready' } : { kind: 'closed', why: event.error?.message ?? `the session closed (${event.reason})` };
          this.onState?.();
        }
        for (const handler of this.handlers) handler(event);
      }
    });
  }

  listen(handler: (event: LogEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** 'ready', or why the session closed before it was. */
  untilReady(): Promise<string> {
    return new Promise((resolve) => {
      const backstop = setTimeout(() => resolve(`no answer within ${CONNECT_BACKSTOP_MS / 1000} s`), CONNECT_BACKSTOP_MS);
      const check = () => {
        if (this.state.kind === 'connecting') return;
        clearTimeout(backstop);
        this.onState = undefined;
        resolve(this.state.kind === 'ready' ? 'ready' : this.state.why);
      };
      this.onState = check;
      check();
    });
  }

  stop(): void {
    this.unsubscribe();
    this.handlers.clear();
  }
}

function parseEvent(json: string): LogEvent | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && 'kind' in value ? (value as LogEvent) : undefined;
  } catch {
    // The log writes only JSON it made itself; a line that is not is skipped, as a page would.
    return undefined;
  }
}

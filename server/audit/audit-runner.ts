/**
 * The audit, headless: for each step of a scenario that elicits, a probe call
 * answered validly, then the call again once per case, answered with that case's
 * answer (or with its retry altered), each driven by the scenario runner's step
 * driver and judged by judge.ts. The cases of one step and revision share one
 * session (one server process) and run a few at a time; when a case takes the
 * session down, the cases that were in flight with it are run again one by one,
 * so the verdict "broke" lands on the case that did it.
 */
import { demoTarget } from '../demo/demo-target';
import { describeEnd, resultText } from '../scenarios/outcome-checks';
import { EventFeed } from '../scenarios/scenario-runner';
import { driveStep, stepName, type StepContext } from '../scenarios/step-driver';
import type { Session } from '../session/session';
import type { CallHooks } from '../session/call-rounds';
import type { SessionRegistry } from '../session/session-registry';
import { FAILING_VERDICTS, type AuditCaseReport, type AuditJudge } from '../wire/audit';
import type { EventOf } from '../wire/events';
import type { RuleAnswer } from '../wire/rules';
import type { Scenario, ScenarioStep } from '../wire/scenario';
import { SessionSettingsSchema, type ProtocolChoice } from '../wire/target';
import { baselineAnswer, caseAnswers } from './case-answers';
import { judgeCase, type CaseObservation, type Marker } from './judge';
import { retryCases, watchRetries } from './retry-cases';

export const DEFAULT_CASE_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;
const SHOWN_CHARS = 300;

export type AuditOptions = {
  registry: SessionRegistry;
  protocols: ProtocolChoice[];
  /** Cases in flight at once on one session. */
  concurrency?: number;
  /** How long one case's call may take before it counts as a hang. */
  caseTimeoutMs?: number;
  /** Case ids to leave out. */
  skip?: ReadonlySet<string>;
  onCase?: (report: AuditCaseReport, run: { protocol: string }) => void;
};

/** One step as the audit saw it: audited, or why not. */
export type AuditStepNote = { step: string; elicitations: number; cases: number; note?: string };

export type AuditRun = {
  protocol: string;
  negotiatedVersion?: string;
  status: 'passed' | 'failed' | 'error';
  error?: string;
  durationMs: number;
  steps: AuditStepNote[];
  cases: AuditCaseReport[];
};

export async function runAudit(scenario: Scenario, options: AuditOptions): Promise<AuditRun[]> {
  const runs: AuditRun[] = [];
  for (const protocol of options.protocols) runs.push(await auditOn(scenario, protocol, options));
  return runs;
}

async function auditOn(scenario: Scenario, protocol: ProtocolChoice, options: AuditOptions): Promise<AuditRun> {
  const startedAt = performance.now();
  const run: AuditRun = { protocol, status: 'passed', durationMs: 0, steps: [], cases: [] };
  const caseTimeoutMs = options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const settings = SessionSettingsSchema.parse({ ...scenario.client, protocol, requestTimeoutMs: Math.max(1000, caseTimeoutMs) });
  const open = () => Connection.open(options.registry, scenario, settings);
  let connection: Connection | undefined;
  try {
    connection = await open();
    const ready = await connection.ready(protocol);
    if (ready !== true) {
      run.status = 'error';
      run.error = ready;
      return run;
    }
    run.negotiatedVersion = connection.session.protocolVersion;
    const isModern = connection.session.protocolVersion === '2026-07-28';
    for (const [i, step] of scenario.steps.entries()) {
      const name = stepName(step, i + 1);
      const ctx: CaseContext = { scenario, step, index: i + 1, caseTimeoutMs };
      const watch = watchRetries();
      const probe = await runCall(connection, ctx, { kind: 'probe' }, watch.hooks);
      const asked = probe.elicitations;
      const noteOf = (cases: number, note?: string) => run.steps.push({ step: name, elicitations: asked.length, cases, ...(note && { note }) });
      if (probe.lost || probe.observation.broken) {
        noteOf(0, `not audited: the probe call with valid answers broke (${probe.observation.broken ?? 'the session closed'})`);
        if (probe.lost) connection = await reconnect(connection, open, protocol);
        continue;
      }
      const tasks: CaseTask[] = [];
      for (const [k, elicitation] of asked.entries()) {
        if (elicitation.mode !== 'form') continue;
        for (const generated of caseAnswers(elicitation.params.requestedSchema, options.skip)) {
          tasks.push({
            caseId: generated.case.id,
            judge: generated.judge,
            ...(generated.marker && { marker: generated.marker }),
            elicitation: k + 1,
            ...(generated.field !== undefined && { field: generated.field }),
            plan: { kind: 'answer', ordinal: k + 1, target: elicitation, answer: generated.answer },
          });
        }
      }
      if (isModern) {
        for (const retry of retryCases(watch.shape, options.skip)) {
          tasks.push({
            caseId: retry.case.id,
            judge: retry.case.judge,
            ...(retry.marker && { marker: retry.marker }),
            plan: { kind: 'retry', start: retry.start },
          });
        }
      }
      const refusedProbe = probe.observation.end?.outcome === 'error' || probe.observation.end?.result?.isError === true;
      noteOf(
        tasks.length,
        asked.length === 0
          ? 'not audited: the call asked nothing'
          : refusedProbe
            ? `the probe's valid answers were refused (${describeCame(probe.observation)}): refusals below may not be about the case`
            : undefined,
      );
      const reports = await runTasks(
        tasks,
        ctx,
        () => connection!,
        async (lost) => (connection = await reconnect(lost, open, protocol)),
        options,
        name,
      );
      for (const report of reports) {
        run.cases.push(report);
        options.onCase?.(report, { protocol });
      }
    }
    run.status = run.cases.some((report) => FAILING_VERDICTS.includes(report.verdict)) ? 'failed' : 'passed';
    return run;
  } catch (error) {
    run.status = 'error';
    run.error = error instanceof Error ? error.message : String(error);
    return run;
  } finally {
    await connection?.close();
    run.durationMs = Math.round(performance.now() - startedAt);
  }
}

async function reconnect(lost: Connection, open: () => Promise<Connection>, protocol: ProtocolChoice): Promise<Connection> {
  await lost.close();
  const next = await open();
  const ready = await next.ready(protocol);
  if (ready !== true) {
    await next.close();
    throw new Error(`Could not connect again after the server went away: ${ready}`);
  }
  return next;
}

type CaseContext = { scenario: Scenario; step: ScenarioStep; index: number; caseTimeoutMs: number };

type Plan =
  | { kind: 'probe' }
  | { kind: 'answer'; ordinal: number; target: EventOf<'elicitation'>; answer: RuleAnswer }
  | { kind: 'retry'; start: () => { hooks: CallHooks; sent(): string } };

type CaseTask = { caseId: string; judge: AuditJudge; marker?: Marker; elicitation?: number; field?: string; plan: Plan };

/**
 * Runs the cases a few at a time on the current connection. A case during which
 * the session closed is set aside; once the rest are done, each set-aside case
 * runs alone, and one that takes the session down alone broke it.
 */
async function runTasks(
  tasks: CaseTask[],
  ctx: CaseContext,
  current: () => Connection,
  replace: (lost: Connection) => Promise<Connection>,
  options: AuditOptions,
  stepLabel: string,
): Promise<AuditCaseReport[]> {
  const reports = new Map<CaseTask, AuditCaseReport>();
  const setAside: CaseTask[] = [];
  let replacing: Promise<Connection> | undefined;
  const healthy = async (): Promise<Connection> => {
    const now = current();
    if (!now.isClosed) return now;
    replacing ??= replace(now).finally(() => (replacing = undefined));
    return replacing;
  };
  const runOne = async (task: CaseTask, isAlone: boolean) => {
    const connection = await healthy();
    const startedAt = performance.now();
    const retry = task.plan.kind === 'retry' ? task.plan.start() : undefined;
    const outcome = await runCall(connection, ctx, task.plan, retry?.hooks);
    if (outcome.lost && !isAlone) return setAside.push(task);
    const observation: CaseObservation = outcome.lost
      ? { ...outcome.observation, broken: outcome.observation.broken ?? 'the session closed: the server went away' }
      : outcome.observation;
    const { verdict, reason } = judgeCase(task.judge, task.marker, observation);
    const file = options.registry.filePath(connection.session.id);
    reports.set(task, {
      caseId: task.caseId,
      step: stepLabel,
      ...(task.elicitation !== undefined && { elicitation: task.elicitation }),
      ...(task.field !== undefined && { field: task.field }),
      verdict,
      reason,
      sent: shorten(retry ? retry.sent() : (outcome.sent ?? 'nothing: the question the case answers never came')),
      came: describeCame(observation),
      durationMs: Math.round(performance.now() - startedAt),
      ...(outcome.callId && { callId: outcome.callId }),
      ...(file && { sessionFile: file }),
    });
  };
  const queue = [...tasks];
  const workers = Math.max(1, Math.min(concurrencyOn(current(), options.concurrency), tasks.length));
  // One at a time, each case is alone already: the one in flight when the session closed did it.
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await runOne(task, workers === 1);
  };
  await Promise.all(Array.from({ length: workers }, worker));
  for (const task of setAside) await runOne(task, true);
  return tasks.flatMap((task) => reports.get(task) ?? []);
}

/**
 * On 2025 a server's elicitation/create over stdio or SSE names no call it belongs to; with one
 * call in flight it can only be that one's, so those sessions run their 2025 cases one at a time.
 * 2026-07-28 rounds, and Streamable HTTP's per-request streams, say which call asked.
 */
function concurrencyOn(connection: Connection, wanted = DEFAULT_CONCURRENCY): number {
  return connection.session.protocolVersion === '2026-07-28' || connection.session.target.transport === 'http' ? wanted : 1;
}

type CallOutcome = {
  observation: CaseObservation;
  elicitations: EventOf<'elicitation'>[];
  /** The answer the case sent to its question, as JSON. */
  sent?: string;
  callId?: string;
  /** The session closed while the call ran. */
  lost: boolean;
};

/** One call of the step through the scenario runner's step driver, its elicitations answered by the plan. */
async function runCall(connection: Connection, ctx: CaseContext, plan: Plan, hooks: CallHooks | undefined): Promise<CallOutcome> {
  const elicitations: EventOf<'elicitation'>[] = [];
  const observation: CaseObservation = { askedAgain: false, wentOn: false, ...(plan.kind === 'retry' && { isRetryAltered: true }) };
  let sent: string | undefined;
  const listed = (ordinal: number) => ctx.step.elicitations[ordinal - 1]?.answer;
  const valid = (elicitation: EventOf<'elicitation'>, ordinal: number): RuleAnswer =>
    listed(ordinal) ?? (elicitation.mode === 'form' ? baselineAnswer(elicitation.params.requestedSchema) : { action: 'decline' });
  const answerFor: StepContext['answerFor'] = (elicitation, ordinal) => {
    const isRepeat = elicitations.some((earlier) => isSameQuestion(elicitation, earlier));
    elicitations.push(elicitation);
    // A retry case answers everything validly; a question asked again after the altered retry is the server's refusal.
    if (plan.kind === 'retry' && isRepeat) {
      observation.askedAgain = true;
      return { action: 'cancel' };
    }
    if (plan.kind !== 'answer' || ordinal < plan.ordinal) return valid(elicitation, ordinal);
    if (ordinal === plan.ordinal) {
      sent = JSON.stringify(
        plan.answer.action === 'accept' ? { action: 'accept', ...(plan.answer.content && { content: plan.answer.content }) } : { action: plan.answer.action },
      );
      return plan.answer;
    }
    if (isSameQuestion(elicitation, plan.target)) {
      observation.askedAgain = true;
      return { action: 'cancel' };
    }
    observation.wentOn = true;
    return valid(elicitation, ordinal);
  };
  const step: ScenarioStep = { ...ctx.step, elicitations: [], expect: {}, timeoutMs: ctx.caseTimeoutMs + 2000 };
  const result = await driveStep(
    { session: connection.session, rules: ctx.scenario.rules, listen: (handler) => connection.feed.listen(handler), answerFor, ...(hooks && { hooks }) },
    step,
    ctx.index,
  );
  const end = result.callId ? connection.takeEnd(result.callId) : undefined;
  if (end) observation.end = end;
  const lost = connection.isClosed;
  if (result.failures.some((failure) => failure.expectation === 'timeoutMs')) observation.broken = `no end within ${ctx.caseTimeoutMs} ms (a hang)`;
  else if (result.fatal && !end) observation.broken = result.fatal;
  else if (end?.outcome === 'timeout') observation.broken = `no end within ${ctx.caseTimeoutMs} ms (a hang)`;
  else if (end?.outcome === 'error' && end.error?.code === 'transport-closed') observation.broken = `the server went away: ${end.error.message}`;
  return { observation, elicitations, ...(sent !== undefined && { sent }), ...(result.callId && { callId: result.callId }), lost };
}

/** The server asks the question again: the same inputRequests key on 2026-07-28, the same message and schema on 2025. */
function isSameQuestion(a: EventOf<'elicitation'>, b: EventOf<'elicitation'>): boolean {
  if (a.origin.kind === 'mrtr' && b.origin.kind === 'mrtr') return a.origin.inputKey === b.origin.inputKey;
  return a.params.message === b.params.message && JSON.stringify(a.params.requestedSchema) === JSON.stringify(b.params.requestedSchema);
}

function describeCame(seen: CaseObservation): string {
  if (!seen.end) return seen.broken ? 'no result' : 'nothing';
  const { end } = seen;
  if (end.outcome !== 'result') return shorten(describeEnd(end));
  const text = resultText(end.result);
  const structured = end.result?.structuredContent === undefined ? '' : ` structuredContent ${JSON.stringify(end.result.structuredContent)}`;
  return shorten(`${describeEnd(end)}: ${JSON.stringify(text)}${structured}`);
}

function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} characters)` : text;
}

/** One session of the audit, with its event feed and the ends of its calls, kept until the case that made the call reads them. */
class Connection {
  private readonly ends = new Map<string, EventOf<'call-end'>>();
  private closed = false;
  private readonly stopWatching: () => void;

  private constructor(
    readonly session: Session,
    readonly feed: EventFeed,
  ) {
    this.stopWatching = feed.listen((event) => {
      if (event.kind === 'call-end') this.ends.set(event.callId, event);
      if (event.kind === 'session-state' && event.state === 'closed') this.closed = true;
    });
  }

  static async open(registry: SessionRegistry, scenario: Scenario, settings: ReturnType<typeof SessionSettingsSchema.parse>): Promise<Connection> {
    const session = await registry.connect(scenario.server ?? demoTarget(), settings, scenario.server === undefined);
    return new Connection(session, new EventFeed(session));
  }

  /** true once connected on `protocol`, else why not. */
  async ready(protocol: ProtocolChoice): Promise<true | string> {
    const ready = await this.feed.untilReady();
    if (ready !== 'ready') return `Could not connect: ${ready}`;
    const version = this.session.protocolVersion;
    if (protocol !== 'auto' && version !== protocol) return `The server answered with ${version ?? 'no version'} when asked for ${protocol}.`;
    return true;
  }

  get isClosed(): boolean {
    return this.closed || this.session.state === 'closed';
  }

  takeEnd(callId: string): EventOf<'call-end'> | undefined {
    const end = this.ends.get(callId);
    this.ends.delete(callId);
    return end;
  }

  async close(): Promise<void> {
    this.stopWatching();
    await this.session.close('user');
    this.feed.stop();
  }
}

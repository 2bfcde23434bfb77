/**
 * The audit, headless: for each step of a scenario that elicits, a probe call
 * answered validly, then the call again once per case, answered with that case's
 * answer (or with its retry altered), each driven by the scenario runner's step
 * driver and judged by judge.ts. The cases of one step and revision share one
 * session (one server process) and run a few at a time; when a case takes the
 * session down, the cases that were in flight with it are run again one by one,
 * so the verdict "broke" lands on the case that did it.
 */
import { markNotSpoken } from '../scenarios/scenario-runner';
import { stepName } from '../scenarios/step-driver';
import type { SessionRegistry } from '../registry/session-registry';
import { AUDIT_CASES, FAILING_VERDICTS, type AuditCaseReport, type AuditJudge, type UserAuditCase } from '../wire/audit';
import type { EventOf } from '../wire/events';
import type { Scenario, ScenarioStep } from '../wire/scenario';
import { SessionSettingsSchema, type ProtocolChoice } from '../wire/target';
import { Connection, reconnect } from './audit-connection';
import { caseAnswers, urlCaseAnswers, userCaseAnswers, type CaseAnswer } from './case-answers';
import { describeCame, runCall, shorten, type CaseContext, type Plan } from './case-call';
import { judgeCase, type CaseObservation, type Marker } from './judge';
import { retryCases, watchRetries } from './retry-cases';

export const DEFAULT_CASE_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;

export type AuditOptions = {
  registry: SessionRegistry;
  protocols: ProtocolChoice[];
  /** Cases in flight at once on one session. */
  concurrency?: number;
  /** How long one case's call may take before it counts as a hang. */
  caseTimeoutMs?: number;
  /** Case ids to leave out (with the scenario file's `audit.skip`). */
  skip?: ReadonlySet<string>;
  onCase?: (report: AuditCaseReport, run: { protocol: string }) => void;
  /** Each case as it finishes, in the order they finish (onCase has them in the step's order, once the step is done). */
  onCaseEnd?: (report: AuditCaseReport) => void;
  /** Each audited step's case count, once its probe call has said which questions it asks. */
  onPlan?: (cases: number, step: string) => void;
  /** Stops the audit: no case starts after it fires, the session is closed, the cases it cut short get no verdict. */
  signal?: AbortSignal;
};

/** One step as the audit saw it: audited, or why not. */
export type AuditStepNote = { step: string; elicitations: number; cases: number; note?: string };

export type AuditRun = {
  protocol: string;
  negotiatedVersion?: string;
  status: 'passed' | 'failed' | 'error';
  error?: string;
  /** With several revisions: the server refused this one (status `error`) and spoke another; said, not failed, as with `run`. */
  isNotSpoken?: boolean;
  /** The audit was stopped before its last case: `cases` holds the ones that finished. */
  isStopped?: boolean;
  durationMs: number;
  steps: AuditStepNote[];
  cases: AuditCaseReport[];
};

export async function runAudit(scenario: Scenario, options: AuditOptions): Promise<AuditRun[]> {
  const runs: (AuditRun & { connectRefused?: boolean })[] = [];
  for (const protocol of options.protocols) if (!options.signal?.aborted || runs.length === 0) runs.push(await auditOn(scenario, protocol, options));
  return markNotSpoken(runs);
}

async function auditOn(scenario: Scenario, protocol: ProtocolChoice, options: AuditOptions): Promise<AuditRun & { connectRefused?: boolean }> {
  const startedAt = performance.now();
  const run: AuditRun & { connectRefused?: boolean } = { protocol, status: 'passed', durationMs: 0, steps: [], cases: [] };
  const caseTimeoutMs = options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const settings = SessionSettingsSchema.parse({ ...scenario.client, protocol, requestTimeoutMs: Math.max(1000, caseTimeoutMs) });
  const open = () => Connection.open(options.registry, scenario, settings);
  const skip = new Set([...(options.skip ?? []), ...(scenario.audit?.skip ?? [])]);
  let connection: Connection | undefined;
  // Stopping closes the session, so the calls in flight end now rather than at their deadline.
  const stop = () => void connection?.close();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    if (options.signal?.aborted) return stopped(run);
    connection = await open();
    const ready = await connection.ready(protocol);
    if (ready.isReady) run.negotiatedVersion = connection.session.protocolVersion;
    if (ready.error !== undefined) {
      run.status = 'error';
      run.error = ready.error;
      run.connectRefused = ready.connectRefused;
      return run;
    }
    const isModern = connection.session.protocolVersion === '2026-07-28';
    for (const [i, step] of scenario.steps.entries()) {
      if (options.signal?.aborted) return stopped(run);
      const name = stepName(step, i + 1);
      const ctx: CaseContext = { scenario, step, index: i + 1, caseTimeoutMs };
      const watch = watchRetries();
      const probe = await runCall(connection, ctx, { kind: 'probe' }, watch.hooks);
      if (options.signal?.aborted) return stopped(run);
      const asked = probe.elicitations;
      const noteOf = (cases: number, note?: string) => run.steps.push({ step: name, elicitations: asked.length, cases, ...(note && { note }) });
      if (probe.lost || probe.observation.broken) {
        noteOf(0, `not audited: the probe call with valid answers broke (${probe.observation.broken ?? 'the session closed'})`);
        if (probe.lost) connection = await reconnect(connection, open, protocol);
        continue;
      }
      const tasks = stepTasks(asked, step, isModern, skip, scenario.audit?.cases ?? []);
      if (isModern) {
        for (const retry of retryCases(watch.shape, skip)) {
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
      options.onPlan?.(tasks.length, name);
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
      if (options.signal?.aborted) return stopped(run);
    }
    run.status = run.cases.some((report) => FAILING_VERDICTS.includes(report.verdict)) ? 'failed' : 'passed';
    return run;
  } catch (error) {
    if (options.signal?.aborted) return stopped(run);
    run.status = 'error';
    run.error = error instanceof Error ? error.message : String(error);
    return run;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await connection?.close();
    run.durationMs = Math.round(performance.now() - startedAt);
  }
}

/** A stopped run: failed if a finished case failed, else passed so far; either way it says it was stopped. */
function stopped(run: AuditRun): AuditRun {
  run.isStopped = true;
  run.status = run.cases.some((report) => FAILING_VERDICTS.includes(report.verdict)) ? 'failed' : 'passed';
  return run;
}

type CaseTask = { caseId: string; judge: AuditJudge; marker?: Marker; elicitation?: number; mode?: 'form' | 'url'; field?: string; plan: Plan };

const LEGACY_ONLY = new Set(AUDIT_CASES.filter((auditCase) => auditCase.isLegacyOnly).map((auditCase) => auditCase.id));

/**
 * The answer cases for each question the probe met: form cases (built in and the user's) and URL-mode cases.
 * A form the step's file answers gets its cases laid over that answer, as the probe was.
 */
function stepTasks(
  asked: EventOf<'elicitation'>[],
  step: ScenarioStep,
  isModern: boolean,
  skip: ReadonlySet<string>,
  userCases: readonly UserAuditCase[],
): CaseTask[] {
  const off = isModern ? new Set([...skip, ...LEGACY_ONLY]) : skip;
  let forms = 0;
  return asked.flatMap((elicitation, k) => {
    let generated: CaseAnswer[] = [];
    if (elicitation.mode === 'form') {
      const schema = elicitation.params.requestedSchema;
      const listed = step.elicitations[k]?.answer;
      const given = listed?.action === 'accept' ? listed.content : undefined;
      generated = [...caseAnswers(schema, off, given), ...userCaseAnswers(schema, ++forms, userCases, given)];
    } else if (elicitation.mode === 'url') generated = urlCaseAnswers(off);
    return generated.map((one) => ({
      caseId: one.case.id,
      judge: one.judge,
      ...(one.marker && { marker: one.marker }),
      elicitation: k + 1,
      mode: elicitation.mode === 'url' ? 'url' : 'form',
      ...(one.field !== undefined && { field: one.field }),
      plan: { kind: 'answer', ordinal: k + 1, target: elicitation, answer: one.answer, ...(one.late && { late: true }) },
    }));
  });
}

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
    if (options.signal?.aborted) return;
    const connection = await healthy();
    const startedAt = performance.now();
    const retry = task.plan.kind === 'retry' ? task.plan.start() : undefined;
    const outcome = await runCall(connection, ctx, task.plan, retry?.hooks, retry && (() => retry.isAltered()));
    // Cut short by the stop, not by the server: no verdict.
    if (options.signal?.aborted) return;
    if (outcome.lost && !isAlone) return setAside.push(task);
    const observation: CaseObservation = {
      ...outcome.observation,
      ...(outcome.lost && { broken: outcome.observation.broken ?? 'the session closed: the server went away' }),
      ...(retry && !retry.isAltered() && { unaltered: true }),
    };
    const { verdict, reason } = judgeCase(task.judge, task.marker, observation);
    const file = options.registry.filePath(connection.session.id);
    const report: AuditCaseReport = {
      caseId: task.caseId,
      step: stepLabel,
      ...(task.elicitation !== undefined && { elicitation: task.elicitation }),
      ...(task.mode && { mode: task.mode }),
      ...(task.field !== undefined && { field: task.field }),
      verdict,
      reason,
      sent: shorten(retry ? retry.sent() : (outcome.sent ?? 'nothing: the question the case answers never came')),
      ...(outcome.sentAfter.length > 0 && { sentAfter: outcome.sentAfter }),
      came: describeCame(observation),
      durationMs: Math.round(performance.now() - startedAt),
      ...(outcome.callId && { callId: outcome.callId }),
      sessionId: connection.session.id,
      ...(file && { sessionFile: file }),
    };
    reports.set(task, report);
    options.onCaseEnd?.(report);
  };
  const queue = [...tasks];
  const workers = Math.max(1, Math.min(concurrencyOn(current(), options.concurrency), tasks.length));
  // One at a time, each case is alone already: the one in flight when the session closed did it.
  const worker = async () => {
    for (let task = queue.shift(); task && !options.signal?.aborted; task = queue.shift()) await runOne(task, workers === 1);
  };
  await Promise.all(Array.from({ length: workers }, worker));
  for (const task of setAside) if (!options.signal?.aborted) await runOne(task, true);
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

/**
 * An audit started from the page: one recorded call of a session driven in this run,
 * audited against that session's own target, revision and client settings by the same
 * runner as `elicitation-inspector audit` (each case an ordinary session in the registry).
 * One audit runs at a time; the last one's verdicts are kept until the next starts.
 */
import { randomUUID } from 'node:crypto';
import type { SessionRegistry } from '../registry/session-registry';
import type { AuditJob } from '../wire/audit';
import { WireFailure } from '../wire/errors';
import { LogEventSchema } from '../wire/events';
import { SessionModel, type CallView } from '../wire/session-model';
import { ScenarioSchema, type Scenario } from '../wire/scenario';
import { PROTOCOL_CHOICES, type ProtocolChoice } from '../wire/target';
import { runAudit } from './audit-runner';

/**
 * The recorded call: its start, how many questions it was asked, whether it ended, and the content the
 * person (or a rule) accepted for each form, in order, up to the first question answered otherwise.
 */
type FoundCall = { start: CallView; elicitations: number; hasEnded: boolean; accepted: Record<string, unknown>[] };

export class AuditJobs {
  private job: AuditJob | undefined;
  private stopper: AbortController | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly registry: SessionRegistry,
    private readonly caseTimeoutMs?: number,
  ) {}

  /** The audit running, or the last one; undefined before the first. */
  current(): AuditJob | undefined {
    return this.job && { ...this.job, cases: [...this.job.cases] };
  }

  private isRunning(): boolean {
    return this.job?.status === 'running';
  }

  /** Starts auditing one call; refuses (WireFailure) what cannot be audited, before anything runs. */
  async start(sessionId: string, callId: string): Promise<AuditJob> {
    const running = this.job;
    if (running?.status === 'running')
      throw new WireFailure('conflict', `An audit of ${running.tool} (${running.callId}) is running: stop it or wait for it to end, then start another.`);
    const session = this.registry.get(sessionId);
    if (!session) {
      if (!this.registry.source(sessionId)) throw new WireFailure('not-found', `No session ${sessionId}.`);
      throw new WireFailure(
        'conflict',
        'This session was recorded by an earlier run, imported or tapped: connect to its server again, make the call, then audit it.',
      );
    }
    const call = await findCall(this.registry, sessionId, callId);
    if (!call) throw new WireFailure('not-found', `No call ${callId} in this session.`);
    if (call.start.method !== 'tools/call')
      throw new WireFailure('conflict', `${call.start.method} ${call.start.name} is not a tool call: only tool calls are audited.`);
    if (!call.hasEnded) throw new WireFailure('conflict', `The call ${callId} has not ended yet: answer or cancel it, then audit it.`);
    if (call.elicitations === 0)
      throw new WireFailure('conflict', `${call.start.name} (${callId}) did not elicit: the audit answers a server's questions, and this call asked none.`);
    // The log was read meanwhile: another page may have started one.
    if (this.isRunning()) throw new WireFailure('conflict', 'An audit started meanwhile: stop it or wait for it to end.');
    const { rules: _rules, protocol: _protocol, ...client } = session.settings;
    const protocol = asProtocol(session.protocolVersion) ?? session.settings.protocol;
    // Parsed, as a file is: the step driver reads the defaults the schema fills in.
    const parsed = ScenarioSchema.safeParse({
      ...(!session.isDemo && { server: session.target }),
      protocol,
      client,
      steps: [
        {
          call: call.start.name,
          ...(call.start.arguments && { arguments: call.start.arguments }),
          // The recorded answers are the valid ones each case changes one thing in, as a scenario file's are:
          // a form that wants its project's name typed back gets the name the person typed, not a guess.
          elicitations: call.accepted.map((content) => ({ answer: { action: 'accept', content, mergeDefaults: false } })),
        },
      ],
    });
    if (!parsed.success)
      throw new WireFailure('invalid-command', `This call cannot be audited: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    const scenario = parsed.data;
    const job: AuditJob = {
      auditId: randomUUID(),
      sessionId,
      callId,
      tool: call.start.name,
      protocol,
      status: 'running',
      done: 0,
      startedAt: Date.now(),
      cases: [],
    };
    const stopper = new AbortController();
    this.job = job;
    this.stopper = stopper;
    this.running = this.run(job, scenario, protocol, stopper.signal);
    return this.current()!;
  }

  /** Stops the running audit; resolves once it has, with what it kept. */
  async stop(auditId: string): Promise<AuditJob> {
    const job = this.job;
    if (!job || job.auditId !== auditId) throw new WireFailure('not-found', `No audit ${auditId}.`);
    this.stopper?.abort();
    await this.running;
    return this.current()!;
  }

  /** Stops any audit and waits for it: the proxy is going away. */
  async close(): Promise<void> {
    this.stopper?.abort();
    await this.running;
  }

  private async run(job: AuditJob, scenario: Scenario, protocol: ProtocolChoice, signal: AbortSignal): Promise<void> {
    const startedAt = performance.now();
    try {
      const [run] = await runAudit(scenario, {
        registry: this.registry,
        protocols: [protocol],
        signal,
        ...(this.caseTimeoutMs !== undefined && { caseTimeoutMs: this.caseTimeoutMs }),
        onPlan: (cases) => (job.total = (job.total ?? 0) + cases),
        onCaseEnd: () => job.done++,
        onCase: (report) => job.cases.push(report),
      });
      const note = run.steps.find((step) => step.note && step.cases === 0)?.note;
      if (note) job.note = note;
      if (run.error) job.error = run.error;
      job.done = job.cases.length;
      job.status = run.isStopped ? 'stopped' : run.status;
    } catch (error) {
      // runAudit reports what it can as a run; anything else still ends the job, never the proxy.
      job.status = 'error';
      job.error = error instanceof Error ? error.message : String(error);
    } finally {
      job.durationMs = Math.round(performance.now() - startedAt);
      if (this.stopper?.signal === signal) this.stopper = undefined;
    }
  }
}

/** The call read from the session's log through the session model: see FoundCall. */
async function findCall(registry: SessionRegistry, sessionId: string, callId: string): Promise<FoundCall | undefined> {
  const source = registry.source(sessionId);
  if (!source) return undefined;
  const model = new SessionModel();
  for await (const chunk of source.read(0, source.lastSeq)) {
    for (const stored of chunk) {
      // Cheap first look: only this call's entries, and once it started the answers (they name a key, not always the call), are parsed.
      if (!stored.json.includes(callId) && !(model.calls.size && stored.json.includes('"action"'))) continue;
      const parsed = LogEventSchema.safeParse(JSON.parse(stored.json));
      if (parsed.success) model.add(parsed.data);
    }
  }
  const call = model.calls.get(callId);
  if (!call) return undefined;
  const asked = model.elicitationsOf(call);
  // Each question's answer, by place: the accepted content, or null for anything else (a URL request, a decline).
  const answers = asked.map((e) =>
    e.mode === 'form' && e.answer?.action === 'accept' && e.answer.content && !e.answer.skippedValidation ? e.answer.content : null,
  );
  const firstOther = answers.indexOf(null);
  const accepted = (firstOther === -1 ? answers : answers.slice(0, firstOther)) as Record<string, unknown>[];
  return { start: call, elicitations: asked.length, hasEnded: call.end !== undefined, accepted };
}

function asProtocol(version: string | undefined): ProtocolChoice | undefined {
  return (PROTOCOL_CHOICES as readonly string[]).includes(version ?? '') ? (version as ProtocolChoice) : undefined;
}

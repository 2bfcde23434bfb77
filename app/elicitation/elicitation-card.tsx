import { lazy, Suspense } from 'react';
import { appResourceOf } from '@wire/proposals';
import { describeHost, tapHostOf } from '@wire/target-names';
import type { TapHost } from '@wire/target';
import { RULE_CONTENT_REFUSED, ruleMatchText } from '@app/model/rule-text';
import type { ElicitationView, SessionSnapshot } from '@app/model/session-store';
import { useCommands } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { Spoken } from '@app/ui/spoken';
import { Countdown, Elapsed } from '@app/ui/countdown';
import { ErrorBoundary } from '@app/ui/error-boundary';
import { preloadedLazy } from '@app/ui/preloaded-lazy';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Alert } from '../ui/alert';
import { TaskStatusBadge } from '@app/tasks/task-status-badge';

const FormAnswer = preloadedLazy(() => import('./form-answer'));
/** SEP-3118: fetched only when a request names an app and the setting is on. */
const AppView = lazy(() => import('./app-view'));

/** One pending form elicitation: who asks, why, for which call, and the form to answer it. */
export function ElicitationCard({ elicitation, session }: { elicitation: ElicitationView; session: SessionSnapshot }) {
  const call = session.calls.find((c) => c.callId === elicitation.callId);
  const findings = elicitation.findings;
  const message = typeof elicitation.params.message === 'string' ? elicitation.params.message : '';
  const host = tapHostOf(session.status.target);
  const hasApp = session.status.settings?.proposals.appElicitation === true && 'uri' in appResourceOf(elicitation.params);
  return (
    <article aria-label={`Elicitation ${elicitation.key}`} className="space-y-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-amber-300">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
          <span>
            <span className="font-semibold text-slate-900">{elicitation.serverName}</span> asks
          </span>
          <Spoken text=", " />
          <OriginBadge elicitation={elicitation} callName={call?.name} />
          {elicitation.task && (
            <>
              <Spoken text=", " />
              <TaskStatusBadge task={elicitation.task} />
            </>
          )}
          <Spoken text=", " />
          <span className="ml-auto text-slate-500">
            waiting <Elapsed since={elicitation.requestedAt} until={elicitation.end?.at} label="Waiting for" />
          </span>
        </div>
        <p className="text-sm whitespace-pre-wrap text-slate-900" aria-label="Message">
          {message}
        </p>
        <p className="text-[11px] text-slate-500">Only give this server what you would trust it with.</p>
      </header>
      {elicitation.ruleMatch && (
        <p role="status" aria-label="Rule" className="rounded-md bg-indigo-50 px-2 py-1 text-xs text-indigo-900 ring-1 ring-indigo-200">
          {ruleMatchText(
            elicitation.ruleMatch,
            findings.some((f) => f.code === RULE_CONTENT_REFUSED),
          )}
        </p>
      )}
      <FindingList findings={findings} />
      {session.status.settings?.applyDefaults && (
        <p className="rounded-md bg-sky-50 px-2 py-1 text-xs text-sky-900 ring-1 ring-sky-200">
          applyDefaults is on for this connection: on Accept the SDK fills in defaults for fields your answer leaves out, so the server may receive more than
          you sent.
        </p>
      )}
      {call && !call.end && call.timer && <CallTimeoutLine sessionId={session.sessionId} callId={call.callId} timer={call.timer} />}
      {host && elicitation.isHeld && !elicitation.end && <HeldNote host={host} />}
      {host && !elicitation.isHeld ? (
        <HostAnswersNote host={host} />
      ) : (
        <>
          {hasApp && (
            <ErrorBoundary label="The app view" resetKey={elicitation.key}>
              <Suspense fallback={<p className="text-xs text-slate-500">Loading the app view…</p>}>
                <AppView elicitation={elicitation} sessionId={session.sessionId} />
              </Suspense>
            </ErrorBoundary>
          )}
          <ErrorBoundary label="The answer form" resetKey={elicitation.key}>
            <Suspense fallback={<p className="text-xs text-slate-500">Loading the form…</p>}>
              <FormAnswer elicitation={elicitation} sessionId={session.sessionId} fileInputs={session.status.settings?.proposals.fileInputs} />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
    </article>
  );
}

/** In a tapped session the host answers: what was asked is shown, and nothing here can answer it. */
export function HostAnswersNote({ host }: { host: TapHost }) {
  return (
    <p role="note" aria-label="Host answers" className="rounded-md bg-slate-50 px-2 py-1.5 text-xs text-slate-700 ring-1 ring-slate-200">
      {describeHost(host)} answers this request: the session is tapped, so the inspector shows what the host does and does not answer.
    </p>
  );
}

/** A tapped session's request held from the host (Hold and answer here): the person's answer goes to the server in the host's place. */
function HeldNote({ host }: { host: TapHost }) {
  return (
    <p role="note" aria-label="Held from the host" className="rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-200">
      Held from {describeHost(host)}: the host never sees this request, and your answer goes to the server as if the host had sent it.
    </p>
  );
}

export function OriginBadge({ elicitation, callName }: { elicitation: ElicitationView; callName?: string }) {
  const origin = elicitation.origin;
  const where = callName ? `${callName} (${elicitation.callId})` : elicitation.callId ? elicitation.callId : 'no tool call known';
  if (origin.kind === 'mrtr') {
    return (
      <Badge tone="accent" title="An input_required round: the answer goes back with the retried call">
        {where} · round {origin.round} · {origin.inputKey}
      </Badge>
    );
  }
  if (origin.kind === 'url-required') return <Badge tone="accent">{where} · -32042</Badge>;
  return (
    <Badge tone="neutral" title={`elicitation/create, JSON-RPC id ${String(origin.rpcId)}`}>
      {where} · id {String(origin.rpcId)}
    </Badge>
  );
}

function CallTimeoutLine({ sessionId, callId, timer }: { sessionId: string; callId: string; timer: NonNullable<SessionSnapshot['calls'][number]['timer']> }) {
  const commands = useCommands();
  const { busy, error, run } = useBusyAction();
  const toggle = () => void run(() => commands.send('set-call-timer', { sessionId, callId, suspended: !timer.suspended }));
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-2 py-1 text-xs text-slate-700 ring-1 ring-slate-200">
      {timer.suspended ? (
        <span>The tool call's timeout is suspended.</span>
      ) : timer.deadlineAt === null ? (
        <span>The tool call's timeout is paused while you answer.</span>
      ) : (
        <span>
          The tool call times out in <Countdown deadlineAt={timer.deadlineAt} remainingMs={timer.remainingMs} label="Time left to answer" />
        </span>
      )}
      {(timer.suspended || timer.deadlineAt !== null) && (
        <Button size="sm" tone="ghost" className="ml-auto" onClick={toggle} disabled={busy}>
          {timer.suspended ? 'Resume timeout' : 'Suspend timeout'}
        </Button>
      )}
      {error && (
        <Alert look="inline" className="w-full">
          {error}
        </Alert>
      )}
    </div>
  );
}

const FINDING_TONE = {
  error: 'bg-rose-50 text-rose-800 ring-rose-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
} as const;

/** What the inspector found wrong with this request: problems in full, notes folded away. */
function FindingList({ findings }: { findings: ElicitationView['findings'] }) {
  const problems = findings.filter((f) => f.severity !== 'info');
  const notes = findings.filter((f) => f.severity === 'info');
  if (!findings.length) return null;
  const item = (f: ElicitationView['findings'][number]) => (
    <li key={f.code + f.message} className={`rounded px-2 py-1 text-xs ring-1 ${FINDING_TONE[f.severity]}`}>
      <span className="font-mono text-[10px] uppercase">{f.code}</span> {f.message}
    </li>
  );
  return (
    <div aria-label="Findings" role="group" className="space-y-1">
      {problems.length > 0 && <ul className="space-y-1">{problems.map(item)}</ul>}
      {notes.length > 0 && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">
            {notes.length} {notes.length === 1 ? 'note' : 'notes'} about this request
          </summary>
          <ul className="mt-1 space-y-1">{notes.map(item)}</ul>
        </details>
      )}
    </div>
  );
}

import { isScopeRefusal } from '@wire/oauth';
import type { CallView, SessionSnapshot } from '@app/model/session-store';
import { tapHostOf } from '@wire/target-names';
import { useCommands, useIsLive, useSession } from '@app/state/app-context';
import { Badge, type BadgeTone } from '@app/ui/badge';
import { TaskStatusBadge } from '@app/tasks/task-status-badge';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { Spoken } from '@app/ui/spoken';
import { useBusyAction } from '@app/ui/use-busy-action';
import { Countdown, Elapsed } from '@app/ui/countdown';
import { CallResult } from './call-result';
import { RuleAnswers } from './rule-answers';
import { Alert } from '../ui/alert';

type Phase = { text: string; tone: BadgeTone };
/** Who an open call waits on: the server, the person (a form or URL to answer here), or a tapped session's host (its answer). */
export type WaitingOn = 'server' | 'person' | 'host';

/**
 * `isLive` false: the session is over (ended, or opened from a file), so a call without
 * an end will never get one and nobody is waiting on anything.
 */
export function callPhase(call: CallView, waitingOn: WaitingOn, isLive = true): Phase {
  const end = call.end;
  if (!end && !isLive) return { text: 'No end recorded', tone: 'neutral' };
  if (!end) return WAITING[waitingOn];
  switch (end.outcome) {
    case 'result':
      return end.result?.isError === true ? { text: 'Tool error', tone: 'danger' } : { text: 'Completed', tone: 'success' };
    case 'error':
      return isScopeRefusal(end.error) ? { text: 'Scope refused', tone: 'danger' } : { text: 'Protocol error', tone: 'danger' };
    case 'timeout':
      return { text: 'Timed out', tone: 'danger' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'neutral' };
  }
}

const WAITING: Record<WaitingOn, Phase> = {
  server: { text: 'Waiting on the server', tone: 'info' },
  person: { text: 'Waiting on you', tone: 'warning' },
  host: { text: 'Waiting on the host', tone: 'info' },
};

/** Who a live call of this session waits on: in a tapped session the host answers, but for the requests held from it. */
function waitingOnOf(call: CallView, session: SessionSnapshot, isLive: boolean): WaitingOn {
  if (!isLive || call.end) return 'server';
  const open = session.elicitations.filter((e) => e.callId === call.callId && !e.end);
  if (open.length === 0) return 'server';
  if (!tapHostOf(session.status.target)) return 'person';
  return open.some((e) => e.isHeld) ? 'person' : 'host';
}

/** One call of a tool: what it is waiting on, its client-side timeout, and its result. */
export function CallCard({ call, isLatest, isNamed = false }: { call: CallView; isLatest: boolean; isNamed?: boolean }) {
  const session = useSession();
  const commands = useCommands();
  const isLive = useIsLive();
  const { busy, error, run } = useBusyAction();
  if (!session) return null;
  const waitingOn = waitingOnOf(call, session, isLive);
  const phase = callPhase(call, waitingOn, isLive);
  // Controls and a running clock only while the session can still act on the call: never a tapped host's, which runs on the host's clock.
  const isOpen = isLive && !call.end && !tapHostOf(session.status.target);
  const timer = call.timer;
  const sessionId = session.sessionId;
  const send = (fn: () => Promise<unknown>) => void run(fn);

  return (
    <article
      role="listitem"
      aria-label={`Call ${call.callId}`}
      className={cn('rounded-lg bg-white ring-1', isLatest ? 'ring-slate-300 shadow-sm' : 'ring-slate-200')}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-3 py-2 text-xs">
        <span className="font-mono text-slate-500">{call.callId}</span>
        {/* Beside other tools' calls (a tapped session's list), the tool's name. */}
        {isNamed && call.method === 'tools/call' && (
          <>
            <Spoken text=" " />
            <span className="font-mono font-medium text-slate-800">{call.name}</span>
          </>
        )}
        {/* Prompts and resources are calls too: say which method, so a card reads the same in the log. */}
        {call.method !== 'tools/call' && (
          <>
            <Spoken text=" " />
            <span className="font-mono text-slate-500">{call.method}</span>
          </>
        )}
        <Spoken text=", " />
        <Badge tone={phase.tone}>
          <span role="status" aria-label="Call status">
            {phase.text}
          </span>
        </Badge>
        <Spoken text=", " />
        {call.task && (
          <>
            <TaskStatusBadge task={call.task} />
            <Spoken text=", " />
          </>
        )}
        {call.rounds.length > 1 && <Badge tone="accent">round {call.rounds[call.rounds.length - 1].round}</Badge>}
        {call.rounds.length > 1 && <Spoken text=", " />}
        {(call.end || isLive) && (
          <span className="text-slate-500">
            <Elapsed since={call.startedAt} until={call.end?.at} label="Call duration" />
          </span>
        )}
        {isOpen && timer && (
          <span className="ml-auto flex items-center gap-2 text-slate-600">
            {timer.suspended ? (
              <span>Timeout suspended</span>
            ) : timer.deadlineAt === null ? (
              <span>Timeout paused between rounds</span>
            ) : (
              <span>
                Times out in <Countdown deadlineAt={timer.deadlineAt} remainingMs={timer.remainingMs} label="Time left before the call times out" />
              </span>
            )}
            <Button
              size="sm"
              tone="ghost"
              disabled={busy}
              onClick={() => send(() => commands.send('set-call-timer', { sessionId, callId: call.callId, suspended: !timer.suspended }))}
            >
              {timer.suspended ? 'Resume timeout' : 'Suspend timeout'}
            </Button>
          </span>
        )}
        {isOpen && (
          <Button
            size="sm"
            tone="danger"
            className={timer ? '' : 'ml-auto'}
            disabled={busy}
            onClick={() => send(() => commands.send('cancel-call', { sessionId, callId: call.callId }))}
          >
            Cancel call
          </Button>
        )}
      </header>
      <div className="space-y-2 px-3 py-2">
        {error && <Alert>{error}</Alert>}
        {call.arguments && Object.keys(call.arguments).length > 0 && (
          <p className="truncate font-mono text-[11px] text-slate-500" title={JSON.stringify(call.arguments)}>
            arguments {JSON.stringify(call.arguments)}
          </p>
        )}
        {waitingOn === 'person' && (
          <p className="text-sm text-amber-800">
            The server is waiting for your answer in{' '}
            {session.elicitations.some((e) => e.callId === call.callId && !e.end && e.mode === 'url') ? 'URL flows' : 'Pending requests'}.
          </p>
        )}
        <RuleAnswers call={call} session={session} />
        {call.end && <CallResult end={call.end} />}
      </div>
    </article>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CallView, SessionSnapshot } from '@app/model/session-store';
import { useAppStore, useIsLive } from '@app/state/app-context';
import { ErrorBoundary } from '@app/ui/error-boundary';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { formatDuration } from '@app/ui/countdown';
import { Spoken } from '@app/ui/spoken';
import { describeEvent } from './describe-event';
import { useCallStory } from './use-call-story';

// Its own chunk: the page's first script does not carry the audit's table.
const AuditDialog = lazy(() => import('@app/audit/audit-dialog'));

type Props = {
  session: SessionSnapshot;
  /** Show one entry in the flat list. */
  onJump: (seq: number) => void;
  /** Filter the flat list to a call's entries. */
  onShowEntries: (callId: string) => void;
  /** A call to show, asked for from elsewhere; `n` changes with each request. */
  revealCall?: { callId: string; n: number };
};

/**
 * The story of each tool call, from the call to its result: every round, every
 * elicitation with the person's answer (and its content), completions, retries,
 * on one timeline. Timer ticks are left out; the flat list has them.
 */
export function StoryView({ session, onJump, onShowEntries, revealCall }: Props) {
  const calls = session.calls;
  const [chosen, setChosen] = useState<string | undefined>(revealCall?.callId);
  useEffect(() => {
    if (revealCall) setChosen(revealCall.callId);
  }, [revealCall]);
  const store = useAppStore();
  const [auditing, setAuditing] = useState<{ callId: string; tool: string }>();
  const call = calls.find((c) => c.callId === chosen) ?? calls.at(-1);
  const story = useCallStory(session, call?.callId, call && `${call.end?.seq}:${call.rounds.length}:${call.elicitationKeys.length}`);
  const steps = story.steps;
  const more = session.windowCalls;

  if (!calls.length)
    return (
      <p role="status" className="p-3 text-xs text-slate-500">
        {more?.problem ?? (more && more.total === undefined ? 'Listing the calls…' : 'No tool calls yet: each call you make gets its story here.')}
      </p>
    );

  return (
    <div className="flex h-full min-h-0">
      <div className="flex w-64 shrink-0 flex-col border-r border-slate-200">
        <CallList calls={calls} selected={call?.callId} onSelect={setChosen} />
        {more && more.total !== undefined && (
          <div className="flex items-center gap-2 border-t border-slate-200 px-3 py-1 text-[11px] text-slate-500">
            <span role="status" aria-label="Calls listed">
              {more.problem ?? `Newest ${more.loaded.toLocaleString()} of ${more.total.toLocaleString()} calls`}
            </span>
            {more.loaded < more.total && (
              <Button size="sm" tone="ghost" className="ml-auto" disabled={more.isLoading} onClick={more.loadOlder}>
                Older calls
              </Button>
            )}
          </div>
        )}
      </div>
      {call && (
        <section aria-label="Story" className="min-w-0 flex-1 overflow-auto">
          <header className="sticky top-0 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1.5 text-xs">
            <span className="font-mono font-semibold">
              {call.method} {call.name}
            </span>
            <span className="text-slate-500">{call.callId}</span>
            <Button size="sm" tone="ghost" className="ml-auto" onClick={() => onShowEntries(call.callId)}>
              Show these entries in the list
            </Button>
            {call.method === 'tools/call' && call.end && call.elicitationKeys.length > 0 && session.sessionId && (
              <Button
                size="sm"
                title="Run this call again once per audit case, each answering its questions with one invalid or odd answer, and see what the server did"
                onClick={() => setAuditing({ callId: call.callId, tool: call.name })}
              >
                Audit this call
              </Button>
            )}
          </header>
          {(story.isLoading || story.problem || story.total > story.readCount) && (
            <p role="status" className="px-3 pt-2 text-xs text-slate-500">
              {story.problem ??
                (story.isLoading
                  ? 'Reading this call’s entries…'
                  : `The first ${story.readCount.toLocaleString()} of its ${story.total.toLocaleString()} entries; the list has them all.`)}
            </p>
          )}
          <ol aria-label="Story steps" className="px-3 py-2">
            {steps.map((event) => {
              const line = describeEvent(event, story);
              const content = event.kind === 'action' && event.content ? JSON.stringify(event.content) : undefined;
              return (
                <li key={event.seq}>
                  <button
                    type="button"
                    onClick={() => onJump(event.seq)}
                    className="flex w-full items-baseline gap-2 rounded px-1 py-0.5 text-left text-xs hover:bg-slate-50"
                  >
                    <span className="w-16 shrink-0 text-right font-mono text-[10px] text-slate-500">+{formatDuration(event.at - call.startedAt)}</span>
                    <Spoken text={line.direction === 'out' ? ', to the server, ' : line.direction === 'in' ? ', from the server, ' : ', '} />
                    <span
                      aria-hidden
                      className={cn(
                        'w-4 shrink-0 text-center font-bold',
                        line.direction === 'out' ? 'text-(--color-out)' : line.direction === 'in' ? 'text-(--color-in)' : 'text-slate-300',
                      )}
                    >
                      {line.direction === 'out' ? '→' : line.direction === 'in' ? '←' : '·'}
                    </span>
                    <Badge tone={line.tone} className="w-20 shrink-0 justify-center">
                      {line.tag}
                    </Badge>
                    <Spoken text=": " />
                    <span className="min-w-0">
                      <span className="font-mono text-slate-900">{line.title}</span>
                      {(content ?? line.detail) && <Spoken text="; " />}
                      {(content ?? line.detail) && <span className="ml-2 break-all text-slate-500">{content ?? line.detail}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      )}
      {auditing && (
        <ErrorBoundary label="The audit">
          <Suspense fallback={null}>
            <AuditDialog
              token={store.token}
              sessionId={session.sessionId}
              callId={auditing.callId}
              tool={auditing.tool}
              onClose={() => setAuditing(undefined)}
              onOpenStory={(sessionId, callId) => {
                setAuditing(undefined);
                store.watch(sessionId);
                store.reveal({ callStory: callId });
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

const CALL_ROW = 40;

/** Every call, newest first; virtualized, since a long session has thousands. */
function CallList({ calls, selected, onSelect }: { calls: CallView[]; selected: string | undefined; onSelect: (callId: string) => void }) {
  const scrollRef = useRef<HTMLUListElement>(null);
  const virtualizer = useVirtualizer({ count: calls.length, getScrollElement: () => scrollRef.current, estimateSize: () => CALL_ROW, overscan: 8 });
  const at = (i: number) => calls[calls.length - 1 - i];
  // A session that is over will never end a call it left open.
  const isLive = useIsLive();
  return (
    <ul ref={scrollRef} role="listbox" aria-label="Tool calls" className="relative min-h-0 flex-1 overflow-auto">
      <li aria-hidden style={{ height: virtualizer.getTotalSize() }} className="pointer-events-none" />
      {virtualizer.getVirtualItems().map((item) => {
        const c = at(item.index);
        const outcome = c.end
          ? c.end.outcome === 'result'
            ? c.end.result?.isError === true
              ? 'tool error'
              : 'result'
            : c.end.outcome
          : isLive
            ? 'running'
            : 'no end recorded';
        return (
          <li
            key={c.callId}
            role="option"
            aria-selected={c.callId === selected}
            tabIndex={0}
            onClick={() => onSelect(c.callId)}
            onKeyDown={(e) => e.key === 'Enter' && onSelect(c.callId)}
            style={{ position: 'absolute', top: 0, left: 0, right: 0, height: CALL_ROW, transform: `translateY(${item.start}px)` }}
            className={cn('cursor-pointer border-b border-slate-100 px-3 py-1 text-xs', c.callId === selected ? 'bg-indigo-50' : 'hover:bg-slate-50')}
          >
            <div className="flex items-center gap-1.5">
              <span className="font-mono text-slate-500">{c.callId}</span>
              {/* A space, not a comma: scripts find a call by its name's start, "c1 ". */}
              <Spoken text=" " />
              <span className="truncate font-mono font-medium">{c.method === 'tools/call' ? c.name : `${c.method} ${c.name}`}</span>
              <Spoken text=", " />
            </div>
            <div className="truncate text-[11px] text-slate-500">
              {outcome}
              {c.end && ` · ${formatDuration(c.end.at - c.startedAt)}`}
              {c.rounds.length > 1 && ` · ${c.rounds.length} rounds`}
              {c.elicitationKeys.length > 0 && ` · ${c.elicitationKeys.length} elicitation${c.elicitationKeys.length > 1 ? 's' : ''}`}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

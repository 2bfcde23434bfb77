import { useEffect, useRef, useState } from 'react';
import { describeHost, tapHostOf } from '@wire/target-names';
import type { ElicitationView, SessionSnapshot } from '@app/model/session-store';
import { useIsLive, useReveal, useSession } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { Section } from '@app/ui/section';
import { useFlowFold } from './flow-fold';
import { flowState } from './flow-status';
import { FoldedFlowRow } from './folded-flow-row';
import { UrlFlowCard } from './url-flow-card';

/** Finished flows stay in the panel for reference; beyond this many, only the log keeps them. */
const FINISHED_SHOWN = 5;

/**
 * URL-mode elicitations, beside everything else (never a modal): each flow stays
 * here, with its live status, until its call ends and the person dismisses it.
 */
export function UrlFlowPanel() {
  const session = useSession();
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [highlight, setHighlight] = useState<string>();
  const listRef = useRef<HTMLDivElement>(null);
  const isLive = useIsLive();
  const flows = (session?.elicitations ?? []).filter((e) => e.mode === 'url' && !dismissed.has(e.key));
  const pendingFormKeys = isLive ? (session?.elicitations ?? []).filter((e) => e.mode !== 'url' && !e.end).map((e) => e.key) : [];
  const fold = useFlowFold(pendingFormKeys);

  useReveal('elicitationKey', (key) => {
    if (!flows.some((f) => f.key === key)) return;
    if (fold.isFolded) fold.toggle();
    setHighlight(key);
    requestAnimationFrame(() => listRef.current?.querySelector(`[aria-label="URL elicitation ${key}"]`)?.scrollIntoView({ block: 'nearest' }));
  });
  useEffect(() => {
    if (!highlight) return;
    const handle = setTimeout(() => setHighlight(undefined), 2500);
    return () => clearTimeout(handle);
  }, [highlight]);

  if (!session || flows.length === 0) return null;
  // What needs the person comes first: waiting for consent, then running flows, then the latest finished ones.
  const calls = new Map(session.calls.map((c) => [c.callId, c]));
  const ranked = flows.map((flow) => ({ flow, rank: !flow.end ? 0 : flowState(flow, flow.callId ? calls.get(flow.callId) : undefined).isActive ? 1 : 2 }));
  const open = ranked.filter((r) => r.rank < 2).sort((a, b) => a.rank - b.rank || a.flow.seq - b.flow.seq);
  const finished = ranked.filter((r) => r.rank === 2);
  const ordered = [...open, ...finished.slice(-FINISHED_SHOWN).reverse()].map((r) => r.flow);
  const active = open.length;
  const host = tapHostOf(session.status.target);

  const foldButton = fold.canFold && (
    <Button size="sm" tone="ghost" aria-expanded={!fold.isFolded} onClick={fold.toggle}>
      {fold.isFolded ? 'Unfold URL flows' : 'Fold URL flows'}
    </Button>
  );
  const countBadge = (
    <Badge tone={active ? 'info' : 'neutral'}>
      <span aria-label="Active URL flow count">{active}</span> active
    </Badge>
  );

  // A form waiting for an answer gets the column: each flow keeps one line, its host and status.
  if (fold.isFolded)
    return (
      <Section
        title="URL flows"
        className="shrink-0 border-b border-slate-200"
        bodyClassName="space-y-1 px-3 py-1.5"
        actions={
          <>
            {countBadge}
            {foldButton}
          </>
        }
      >
        {open.map(({ flow }) => (
          <FoldedFlowRow key={flow.key} flow={flow} call={callOf(session, flow)} />
        ))}
        {open.length === 0 && <p className="text-xs text-slate-500">{finished.length} finished</p>}
      </Section>
    );

  return (
    <Section
      title="URL flows"
      className={active ? 'min-h-40 flex-1 border-b border-slate-200' : 'max-h-[40%] shrink-0 border-b border-slate-200'}
      bodyClassName="overflow-auto p-3"
      actions={
        <>
          {countBadge}
          {foldButton}
        </>
      }
    >
      <div ref={listRef} className="space-y-3">
        {host && (
          <p role="note" className="text-xs text-slate-600">
            {describeHost(host)} answers these flows: the session is tapped, so the inspector shows them and does not answer.
          </p>
        )}
        {ordered.map((flow) => (
          <UrlFlowCard
            key={flow.key}
            flow={flow}
            call={callOf(session, flow)}
            sessionId={session.sessionId}
            canRetryCall={canRetry(session, flow)}
            highlighted={highlight === flow.key}
            readOnly={!isLive || host !== undefined}
            onDismiss={() => setDismissed((d) => new Set(d).add(flow.key))}
          />
        ))}
        {finished.length > FINISHED_SHOWN && (
          <p className="text-[11px] text-slate-500">{finished.length - FINISHED_SHOWN} earlier finished flows are not shown here; the log has them all.</p>
        )}
      </div>
    </Section>
  );
}

function callOf(session: SessionSnapshot, flow: ElicitationView) {
  return flow.callId ? session.calls.find((c) => c.callId === flow.callId) : undefined;
}

/**
 * A -32042 call with auto-retry off waits for the person once every one of its
 * URL flows has consent and completion. Offer the retry on the last of them.
 */
function canRetry(session: SessionSnapshot, flow: ElicitationView): boolean {
  if (flow.origin.kind !== 'url-required' || session.status.settings?.autoRetryUrlRequired !== false) return false;
  const call = callOf(session, flow);
  if (!call || call.end) return false;
  const lastRound = call.rounds.at(-1);
  const siblings = session.elicitations.filter(
    (e) => e.callId === call.callId && e.origin.kind === 'url-required' && (!lastRound || e.requestedAt >= lastRound.at),
  );
  return siblings.at(-1)?.key === flow.key && siblings.every((e) => e.end?.action === 'accept' && e.completion);
}

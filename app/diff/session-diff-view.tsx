import { useEffect, useRef, useState } from 'react';
import type { SessionSummary } from '@wire/commands';
import type { DiffSide, SessionDiff } from '@wire/session-diff';
import { describeTarget } from '@wire/target-names';
import { Alert } from '@app/ui/alert';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { DiffCalls, diffSummary } from './diff-calls';
import { fetchSessionDiff } from './fetch-diff';

/** The command line's default (`diff --time-threshold`): a time differs only past this many ms, and by more than half. */
const DEFAULT_THRESHOLD_MS = 200;

export type SessionDiffViewProps = { token: string; a: SessionSummary; b: SessionSummary; onClose: () => void };

/**
 * Two sessions compared call by call, in a modal dialog: the proxy compares their
 * files as `elicitation-inspector diff` does; a live session is compared as far as
 * it has got, and again on Compare again.
 */
export default function SessionDiffView({ token, a, b, onClose }: SessionDiffViewProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [thresholdMs, setThresholdMs] = useState(DEFAULT_THRESHOLD_MS);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ diff?: SessionDiff; error?: string; isLoading: boolean }>({ isLoading: true });

  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setState((previous) => ({ ...previous, isLoading: true }));
    fetchSessionDiff(token, a.sessionId, b.sessionId, thresholdMs, abort.signal).then(
      (diff) => !abort.signal.aborted && setState({ diff, isLoading: false }),
      (error: unknown) => !abort.signal.aborted && setState({ error: error instanceof Error ? error.message : String(error), isLoading: false }),
    );
    return () => abort.abort();
  }, [token, a.sessionId, b.sessionId, thresholdMs, attempt]);

  const { diff, error, isLoading } = state;
  return (
    <dialog
      ref={ref}
      aria-label="Session diff"
      onClose={onClose}
      onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}
      className="mx-auto mt-[8vh] max-h-[84vh] w-[56rem] max-w-[calc(100vw-2rem)] overflow-auto rounded-lg bg-white p-0 text-sm text-slate-900 shadow-xl ring-1 ring-slate-300 backdrop:bg-slate-900/40"
    >
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <h2 className="flex-1 text-sm font-semibold">Session diff</h2>
        <label className="flex items-center gap-1.5 text-xs text-slate-600">
          Time threshold (ms)
          <input
            type="number"
            min={0}
            step={50}
            value={thresholdMs}
            onChange={(e) => e.target.value !== '' && e.target.valueAsNumber >= 0 && setThresholdMs(e.target.valueAsNumber)}
            className="w-20 rounded-md bg-white px-1.5 py-0.5 text-xs ring-1 ring-slate-300"
          />
        </label>
        {(a.isLive || b.isLive) && (
          <Button size="sm" tone="ghost" onClick={() => setAttempt((n) => n + 1)} disabled={isLoading}>
            Compare again
          </Button>
        )}
        <Button size="sm" onClick={() => ref.current?.close()}>
          Close
        </Button>
      </div>
      <div className="space-y-3 p-3" aria-busy={isLoading}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-xs" aria-label="Compared sessions">
          <SideLine letter="A" summary={a} side={diff?.a} />
          <SideLine letter="B" summary={b} side={diff?.b} />
        </dl>
        {error && <Alert>{error}</Alert>}
        {!diff && !error && <p className="text-xs text-slate-500">Comparing…</p>}
        {diff && (
          <>
            {diff.eraDifference && <p className="rounded-md bg-sky-50 px-2 py-1.5 text-xs text-sky-800 ring-1 ring-sky-200">{diff.eraDifference}</p>}
            <p
              role="status"
              aria-label="Diff summary"
              className={diff.isDifferent ? 'text-sm font-medium text-amber-800' : 'text-sm font-medium text-emerald-800'}
            >
              {diffSummary(diff)}
            </p>
            <DiffCalls calls={diff.calls} />
          </>
        )}
      </div>
    </dialog>
  );
}

function SideLine({ letter, summary, side }: { letter: string; summary: SessionSummary; side: DiffSide | undefined }) {
  const server = side?.serverName ?? summary.serverName ?? describeTarget(summary.target);
  const details = [
    side?.serverVersion,
    side?.protocolVersion ?? summary.settings.protocol,
    side && `${side.callCount} call${side.callCount === 1 ? '' : 's'}`,
    new Date(summary.startedAt).toLocaleString(),
  ].filter(Boolean);
  return (
    <>
      <dt className="font-semibold">{letter}</dt>
      <dd className="flex min-w-0 items-center gap-1.5">
        <Badge tone={summary.isLive ? 'success' : summary.isImported ? 'accent' : 'neutral'}>
          {summary.isLive ? 'Live' : summary.isImported ? 'Imported' : 'Recorded'}
        </Badge>
        <span className="truncate font-medium">{server}</span>
        <span className="truncate text-slate-500">{details.join(' · ')}</span>
        <span className="font-mono text-[11px] text-slate-500">{summary.sessionId.slice(0, 8)}</span>
      </dd>
    </>
  );
}

import { useDismiss } from '@app/ui/use-dismiss';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SessionSummary } from '@wire/commands';
import { describeHost, describeTarget, tapHostOf } from '@wire/target-names';
import { useApp, useAppStore, useSession } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { useBusyAction } from '@app/ui/use-busy-action';
import { formatMiB, MAX_IMPORT_BYTES } from '@wire/limits';
import { downloadSession, importSessionFile, saveAsScenario, SESSION_DOWNLOADS, type ImportProgress, type SessionDownload } from './session-files';

/** The downloads in another tool's format, after Export (the file as recorded) and Save as scenario. */
const FORMAT_EXPORTS = ['spec', 'har', 'otlp'] as const satisfies readonly SessionDownload[];
import { ImportStatus } from './import-status';
import { Alert } from '../ui/alert';
import { ErrorBoundary } from '../ui/error-boundary';

/** The diff view is its own chunk (scripts/page-weight.json), fetched when two sessions are first compared. */
const SessionDiffView = lazy(() => import('@app/diff/session-diff-view'));

/** Every session the inspector has: live, ended, recorded by an earlier run, imported. Open, export, delete, import. */
export function SessionsMenu() {
  const app = useAppStore();
  const { sessions, current } = useApp();
  // The list is sent when sessions come and go; the page's own count of the one on screen is newer.
  const shownCount = useSession()?.eventCount;
  const [open, setOpen] = useState(false);
  const { busy, error, run } = useBusyAction();
  const panelRef = useRef<HTMLDivElement>(null);

  useDismiss(panelRef, open, () => setOpen(false));

  // Two sessions picked to compare, A first; a third pick drops the oldest. A deleted session drops out.
  const [picked, setPicked] = useState<string[]>([]);
  const pickedNow = picked.flatMap((id) => sessions.find((s) => s.sessionId === id) ?? []);
  const togglePick = (id: string) => setPicked((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-2)));
  const [comparing, setComparing] = useState<[SessionSummary, SessionSummary]>();

  const [importing, setImporting] = useState<ImportProgress>();
  const onImport = (file: File | undefined) =>
    file &&
    run(async () => {
      try {
        const { sessionId } = await importSessionFile(app.token, file, setImporting);
        app.watch(sessionId);
        setOpen(false);
      } finally {
        setImporting(undefined);
      }
    });

  return (
    <div className="relative" ref={panelRef}>
      <Button size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-haspopup="dialog">
        Sessions <span className="text-slate-500">{sessions.length}</span>
      </Button>
      {importing && <ImportStatus progress={importing} />}
      {open && (
        <div
          role="dialog"
          aria-label="Sessions"
          className="absolute top-full right-0 z-20 mt-1 w-[32rem] rounded-lg bg-white p-2 text-sm shadow-lg ring-1 ring-slate-200"
        >
          <ul className="max-h-96 space-y-1 overflow-auto" aria-label="Session list">
            {sessions.map((s) => (
              <SessionRow
                key={s.sessionId}
                summary={s.sessionId === current?.sessionId && shownCount !== undefined ? { ...s, eventCount: Math.max(s.eventCount, shownCount) } : s}
                isCurrent={s.sessionId === current?.sessionId}
                pick={picked.includes(s.sessionId) ? (picked[0] === s.sessionId ? 'A' : 'B') : undefined}
                onPick={() => togglePick(s.sessionId)}
                busy={busy}
                onOpen={() => (app.watch(s.sessionId), setOpen(false))}
                onExport={(as) => run(() => downloadSession(app.token, s.sessionId, as))}
                onDelete={() => run(async () => void (await app.connection.send('delete-session', { sessionId: s.sessionId })))}
                onSaveScenario={() => run(() => saveAsScenario(app, s.sessionId))}
              />
            ))}
          </ul>
          <div className="mt-2 flex items-center gap-2 border-t border-slate-100 pt-2">
            <Button
              size="sm"
              disabled={pickedNow.length !== 2}
              onClick={() => {
                setComparing([pickedNow[0], pickedNow[1]]);
                setOpen(false);
              }}
            >
              Compare
            </Button>
            <span className="text-[11px] text-slate-500">
              {pickedNow.length === 2 ? 'A with B, call by call.' : `Pick two sessions to compare (${pickedNow.length} of 2).`}
            </span>
          </div>
          <div className="mt-2 flex items-center gap-2 border-t border-slate-100 pt-2">
            <label className="cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50">
              Import a session file…
              <input
                type="file"
                accept=".jsonl,application/x-ndjson,application/json"
                className="sr-only"
                aria-label="Import a session file"
                disabled={importing !== undefined}
                onChange={(e) => {
                  void onImport(e.target.files?.[0]);
                  // The same file chosen again is a new import.
                  e.target.value = '';
                }}
              />
            </label>
            <span className="text-[11px] text-slate-500">Opens read-only, with the same views. Up to {formatMiB(MAX_IMPORT_BYTES)}.</span>
          </div>
          {error && <Alert className="mt-2">{error}</Alert>}
        </div>
      )}
      {comparing && (
        <ErrorBoundary label="The session diff">
          <Suspense fallback={null}>
            <SessionDiffView
              token={app.token}
              a={comparing[0]}
              b={comparing[1]}
              onClose={() => {
                setComparing(undefined);
                // Focus back on the Sessions button (the first in this box): the control that opened the diff is gone with the dialog.
                panelRef.current?.querySelector('button')?.focus();
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

function SessionRow({
  summary,
  isCurrent,
  pick,
  onPick,
  busy,
  onOpen,
  onExport,
  onDelete,
  onSaveScenario,
}: {
  summary: SessionSummary;
  isCurrent: boolean;
  /** A or B when picked to compare. */
  pick: 'A' | 'B' | undefined;
  onPick: () => void;
  busy: boolean;
  onOpen: () => void;
  onExport: (as: SessionDownload) => void;
  onDelete: () => void;
  onSaveScenario: () => void;
}) {
  const state = summary.isLive ? 'Live' : summary.isImported ? 'Imported' : 'Recorded';
  const host = tapHostOf(summary.target);
  return (
    <li aria-label={`Session ${summary.sessionId}`} className={cn('rounded-md px-2 py-1.5', isCurrent ? 'bg-indigo-50' : 'hover:bg-slate-50')}>
      {/* The session on one line, what can be done with it on the next: seven buttons beside the name left it no room. */}
      <div className="flex items-center gap-2">
        <label className="flex w-8 shrink-0 items-center gap-1 text-[11px] font-semibold text-indigo-700" title="Pick to compare (A, then B)">
          <input type="checkbox" aria-label="Pick to compare" checked={pick !== undefined} onChange={onPick} />
          {pick}
        </label>
        <Badge tone={summary.isLive ? 'success' : summary.isImported ? 'accent' : 'neutral'}>{state}</Badge>
        {host && (
          <Badge tone="accent" title="Recorded by elicitation-inspector tap: the host is the client, and made the calls">
            Tapped
          </Badge>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs font-medium">
            {summary.serverName ?? describeTarget(summary.target)}
            {host && (
              <span className="font-normal text-slate-600">
                , host <span aria-label="Host">{describeHost(host)}</span>
              </span>
            )}
          </p>
          <p className="truncate text-[11px] text-slate-500">
            {new Date(summary.startedAt).toLocaleString()} · {summary.eventCount} entries ·{' '}
            {/* A tapped session's protocol is the host's ask, not the inspector's setting (which it never used). */}
            {host ? (host.protocolVersion ?? 'protocol not named') : summary.settings.protocol}
          </p>
        </div>
        {isCurrent ? (
          <span className="text-[11px] text-slate-500">shown</span>
        ) : (
          <Button size="sm" onClick={onOpen}>
            Open
          </Button>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-1 pl-10">
        <Button size="sm" tone="ghost" onClick={() => onExport('jsonl')} disabled={busy}>
          Export
        </Button>
        <Button size="sm" tone="ghost" onClick={onSaveScenario} disabled={busy} title="Its calls, answers and results as a scenario file">
          Save as scenario
        </Button>
        {FORMAT_EXPORTS.map((as) => (
          <Button key={as} size="sm" tone="ghost" onClick={() => onExport(as)} disabled={busy} title={SESSION_DOWNLOADS[as].title}>
            {SESSION_DOWNLOADS[as].label}
          </Button>
        ))}
        {!summary.isLive && (
          <Button size="sm" tone="ghost" onClick={onDelete} disabled={busy} title={`Delete session ${summary.sessionId}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { AuditCaseReport, AuditJob, AuditVerdict } from '@wire/audit';
import { Alert } from '@app/ui/alert';
import { Badge, type BadgeTone } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { readAudit, startAudit, stopAudit } from './audit-api';

export type AuditDialogProps = {
  token: string;
  sessionId: string;
  callId: string;
  tool: string;
  onClose: () => void;
  /** Show one case's call in its session's story. */
  onOpenStory: (sessionId: string, callId: string) => void;
};

const POLL_MS = 400;
const VERDICT_TONES: Record<AuditVerdict, BadgeTone> = { refused: 'success', handled: 'info', used: 'danger', broke: 'danger', unclear: 'warning' };
const STATUS_TEXT: Record<AuditJob['status'], string> = {
  running: 'Running',
  passed: 'Passed: the server refused or handled every case',
  failed: 'Failed: the server used or broke on some cases',
  error: 'Could not run',
  stopped: 'Stopped',
};

/**
 * The audit of one recorded call, in a modal dialog: the proxy runs every case against the
 * session's own server (each case an ordinary session), the dialog shows n of m as they end,
 * can stop it, and then shows the verdicts, each with a link into its case's story.
 */
export default function AuditDialog({ token, sessionId, callId, tool, onClose, onOpenStory }: AuditDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [job, setJob] = useState<AuditJob>();
  const [problem, setProblem] = useState<string>();
  const [isStopping, setStopping] = useState(false);
  /** 0: show this call's last audit if there is one; each Audit again adds one. */
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    let timer: number | undefined;
    const poll = () => {
      readAudit(token, abort.signal).then(
        (next) => {
          if (abort.signal.aborted) return;
          setJob(next);
          if (next.status === 'running') timer = window.setTimeout(poll, POLL_MS);
        },
        (error: unknown) => !abort.signal.aborted && setProblem(messageOf(error)),
      );
    };
    const follow = (shown: AuditJob) => {
      setJob(shown);
      if (shown.status === 'running') timer = window.setTimeout(poll, POLL_MS);
    };
    const start = () => {
      setProblem(undefined);
      startAudit(token, sessionId, callId).then(
        (started) => !abort.signal.aborted && follow(started),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          setProblem(messageOf(error));
          // Another audit is running: show how far it has got, so it can be watched or stopped here.
          readAudit(token, abort.signal).then(
            (running) => !abort.signal.aborted && running.status === 'running' && follow(running),
            () => {},
          );
        },
      );
    };
    if (attempt > 0) start();
    else {
      // This call's last audit, if the proxy still has it (the dialog was closed to read a case's story): shown, not run again.
      readAudit(token, abort.signal).then(
        (last) => !abort.signal.aborted && (last.sessionId === sessionId && last.callId === callId ? follow(last) : start()),
        () => !abort.signal.aborted && start(),
      );
    }
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [token, sessionId, callId, attempt]);

  const stop = () => {
    if (!job) return;
    setStopping(true);
    stopAudit(token, job.auditId)
      .then(
        (stopped) => setJob(stopped),
        (error: unknown) => setProblem(messageOf(error)),
      )
      .finally(() => setStopping(false));
  };
  const failing = job?.cases.filter((c) => c.verdict === 'used' || c.verdict === 'broke').length ?? 0;

  return (
    <dialog
      ref={ref}
      aria-labelledby="audit-title"
      onClose={onClose}
      className="mx-auto mt-[6vh] w-[72rem] max-w-[calc(100vw-2rem)] rounded-lg bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-300 backdrop:bg-slate-900/40"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-2">
        <h2 id="audit-title" className="text-sm font-semibold">
          Audit of {tool} ({callId})
        </h2>
        {job && (
          <span className="text-xs text-slate-500">
            on {job.protocol}
            {job.tool !== tool || job.callId !== callId ? ` · showing the running audit of ${job.tool} (${job.callId})` : ''}
          </span>
        )}
        <Button size="sm" tone="ghost" className="ml-auto" onClick={() => ref.current?.close()}>
          Close
        </Button>
      </header>
      <div className="space-y-2 px-4 py-3">
        {problem && <Alert>{problem}</Alert>}
        {job && (
          <div className="flex items-center gap-3 text-xs">
            <span role="status" aria-label="Audit progress" aria-live="polite">
              {job.status === 'running'
                ? job.total === undefined
                  ? 'Running the call once with valid answers, to learn what it asks…'
                  : `Running case ${Math.min(job.done + 1, job.total)} of ${job.total} (${job.done} done)`
                : `${STATUS_TEXT[job.status]}: ${job.cases.length} case${job.cases.length === 1 ? '' : 's'}${failing ? `, ${failing} failing` : ''}${job.status === 'stopped' && job.total !== undefined ? ` of ${job.total}` : ''}`}
            </span>
            {job.status === 'running' && job.total !== undefined && <progress className="h-2 w-40" aria-label="Cases done" max={job.total} value={job.done} />}
            {job.status === 'running' ? (
              <Button size="sm" tone="danger" className="ml-auto" disabled={isStopping} onClick={stop}>
                {isStopping ? 'Stopping…' : 'Stop audit'}
              </Button>
            ) : (
              <Button size="sm" className="ml-auto" onClick={() => setAttempt((n) => n + 1)}>
                Audit again
              </Button>
            )}
          </div>
        )}
        {job?.error && <Alert>{job.error}</Alert>}
        {job?.note && job.cases.length === 0 && <p className="text-xs text-slate-600">{job.note}</p>}
        {job && job.cases.length > 0 && <VerdictTable cases={job.cases} onOpenStory={onOpenStory} />}
        {job?.status === 'running' && job.done > 0 && job.cases.length === 0 && (
          <p className="text-xs text-slate-500">The verdicts are listed here once the cases are done.</p>
        )}
      </div>
    </dialog>
  );
}

function VerdictTable({ cases, onOpenStory }: { cases: AuditCaseReport[]; onOpenStory: AuditDialogProps['onOpenStory'] }) {
  return (
    <div className="max-h-[65vh] overflow-auto rounded ring-1 ring-slate-200">
      <table aria-label="Audit verdicts" className="w-full border-collapse text-left text-xs">
        <thead className="sticky top-0 bg-slate-50 text-[11px] text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Case
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Field
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Answer sent
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Verdict and evidence
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Story
            </th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c, i) => (
            <tr key={i} className="border-t border-slate-100 align-top">
              <th scope="row" className="px-2 py-1.5 font-mono font-medium whitespace-nowrap">
                {c.caseId}
              </th>
              <td className="px-2 py-1.5 font-mono whitespace-nowrap">{c.field ?? (c.elicitation !== undefined ? `form ${c.elicitation}` : '—')}</td>
              <td className="max-w-64 px-2 py-1.5 font-mono break-all text-slate-700">
                <span title={c.sent}>{sentShort(c)}</span>
                {/* Every answer the case sent after it, in order, as the command line's report says them. */}
                {c.sentAfter?.map((answer, j) => (
                  <div key={j} className="mt-0.5 text-[11px] break-keep wrap-anywhere text-slate-500" title={answer}>
                    then {clip(answer)}
                  </div>
                ))}
              </td>
              <td className="px-2 py-1.5">
                <Badge tone={VERDICT_TONES[c.verdict]}>{c.verdict}</Badge> <span className="text-slate-700">{c.reason}</span>
                <div className="mt-0.5 line-clamp-2 break-all text-[11px] text-slate-500" title={c.came}>
                  came: {c.came}
                </div>
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {c.sessionId && c.callId ? (
                  <a
                    href="#"
                    aria-label={`Open the story of ${c.caseId}${c.field ? ` on ${c.field}` : ''}: ${c.callId}`}
                    className="text-indigo-700 underline hover:text-indigo-900"
                    onClick={(e) => {
                      e.preventDefault();
                      onOpenStory(c.sessionId!, c.callId!);
                    }}
                  >
                    {c.callId}
                  </a>
                ) : (
                  <span className="text-slate-400">no call</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The part of the answer the case is about: the field's value, or the action; the whole answer is its title. */
function sentShort(report: AuditCaseReport): string {
  let sent: unknown;
  try {
    sent = JSON.parse(report.sent);
  } catch {
    return clip(report.sent);
  }
  if (typeof sent !== 'object' || sent === null) return clip(report.sent);
  const answer = sent as { action?: unknown; content?: Record<string, unknown> };
  if (report.field !== undefined && answer.content && typeof answer.content === 'object')
    return report.field in answer.content ? clip(JSON.stringify(answer.content[report.field])) : '(left out)';
  if (typeof answer.action === 'string' && answer.action !== 'accept') return answer.action;
  return clip(report.sent);
}

function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type { RunReport } from '@wire/scenario';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { failureLines, verdictHeadline } from './verdict-text';

const TONE = { passed: 'success', failed: 'danger', error: 'warning' } as const;

/** One run of a scenario: its verdict, each expectation that did not hold, and a way into its session. */
export function RunVerdict({ run, onOpenSession }: { run: RunReport; onOpenSession: (sessionId: string) => void }) {
  const failures = failureLines(run);
  return (
    <article aria-label={`Run on ${run.protocol}`} className="space-y-1 rounded-md px-2 py-1.5 text-xs ring-1 ring-slate-200">
      <div className="flex items-center gap-2">
        <Badge tone={TONE[run.status]}>
          <span role="status" aria-label="Verdict">
            {run.status}
          </span>
        </Badge>
        <span className="min-w-0 flex-1">{verdictHeadline(run)}</span>
        {run.sessionId && (
          <Button size="sm" tone="ghost" onClick={() => run.sessionId && onOpenSession(run.sessionId)}>
            Open its session
          </Button>
        )}
      </div>
      {failures.length > 0 && (
        <ul aria-label="Failures" className="space-y-1">
          {failures.map((f, i) => (
            <li key={i} className="rounded bg-rose-50 px-2 py-1 text-rose-900 ring-1 ring-rose-200">
              <p className="font-medium">
                {f.step}: {f.expectation}
              </p>
              <p className="font-mono break-all">expected {f.expected}</p>
              <p className="font-mono break-all">actual {f.actual}</p>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

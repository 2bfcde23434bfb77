import { useState } from 'react';
import type { DoctorReport } from '@wire/doctor';
import { useAppStore } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { useBusyAction } from '@app/ui/use-busy-action';
import { cn } from '@app/ui/cn';

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;
const WORD = { passed: 'passed', failed: 'failed', skipped: 'not tried' } as const;

/**
 * After a failed connect: run the connection doctor on the session's target and
 * show its ordered checklist, the failed step with what to do about it.
 */
export function ConnectionDoctor({ sessionId }: { sessionId: string }) {
  const app = useAppStore();
  const [report, setReport] = useState<{ sessionId: string; report: DoctorReport }>();
  const { busy, error, run } = useBusyAction();
  const shown = report?.sessionId === sessionId ? report.report : undefined;
  const check = () =>
    run(async () => {
      setReport({ sessionId, report: await app.connection.send('diagnose', { sessionId }) });
    });
  return (
    <div className="space-y-1.5">
      <Button size="sm" onClick={() => void check()} disabled={busy}>
        {busy ? 'Checking…' : shown ? 'Check again' : 'Check the connection'}
      </Button>
      {error && <p className="text-xs">{error}</p>}
      {shown && (
        <ol aria-label="Connection checks" className="space-y-1 rounded bg-white/70 p-2 text-xs ring-1 ring-rose-200">
          {shown.checks.map((item) => (
            <li key={item.step} aria-label={`${item.step}: ${WORD[item.status]}. ${item.detail}`} className={cn(item.status === 'skipped' && 'text-slate-500')}>
              <span aria-hidden className={cn('mr-1 font-mono', item.status === 'passed' && 'text-emerald-700', item.status === 'failed' && 'text-rose-700')}>
                {MARK[item.status]}
              </span>
              <span className="font-semibold">{item.step}</span> {item.detail}
              {item.status === 'failed' && item.hint && <p className="ml-4 text-slate-700">→ {item.hint}</p>}
              {item.status === 'failed' && item.output && <pre className="mt-1 ml-4 max-h-32 overflow-auto font-mono whitespace-pre-wrap">{item.output}</pre>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

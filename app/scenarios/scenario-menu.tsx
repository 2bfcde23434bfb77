import { useDismiss } from '@app/ui/use-dismiss';
import { useRef, useState } from 'react';
import { parseJsonText } from '@wire/json-text';
import type { RunReport } from '@wire/scenario';
import { useAppStore } from '@app/state/app-context';
import { Alert } from '@app/ui/alert';
import { Button } from '@app/ui/button';
import { useBusyAction } from '@app/ui/use-busy-action';
import { RunVerdict } from './run-verdict';

/** Larger than any honest scenario file; a bigger one is refused before it is read. */
const SCENARIO_MAX_BYTES = 5_000_000;

/**
 * Run a scenario file headless in the proxy and show a verdict per run (one per
 * protocol with `--protocol all`), each with a way into the run's session.
 */
export function ScenarioMenu() {
  const app = useAppStore();
  const [isOpen, setOpen] = useState(false);
  const [runs, setRuns] = useState<{ file: string; runs: RunReport[] }>();
  const { busy, error, run } = useBusyAction();
  const panelRef = useRef<HTMLDivElement>(null);

  useDismiss(panelRef, isOpen, () => setOpen(false));

  const runFile = (file: File | undefined) =>
    file &&
    run(async () => {
      setRuns(undefined);
      if (file.size > SCENARIO_MAX_BYTES) throw new Error(`${file.name}: larger than ${SCENARIO_MAX_BYTES / 1_000_000} MB; a scenario file is much smaller.`);
      // The command line's reader: a syntax error says its line and column, as `run` says it.
      const read = parseJsonText(await file.text());
      if (!read.ok) {
        const { line, column, reason } = read.problem;
        throw new Error(`${file.name}:${line}:${column}: not valid JSON (${reason}).`);
      }
      const result = await app.connection.send('run-scenario', { scenario: read.value });
      setRuns({ file: file.name, runs: result.runs });
    });

  return (
    <div className="relative" ref={panelRef}>
      <Button size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={isOpen} aria-haspopup="dialog">
        Run scenario
      </Button>
      {isOpen && (
        <div
          role="dialog"
          aria-label="Run scenario"
          className="absolute top-full right-0 z-20 mt-1 w-[32rem] space-y-2 rounded-lg bg-white p-2 text-sm shadow-lg ring-1 ring-slate-200"
        >
          <div className="flex items-center gap-2">
            <label className="cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50">
              Pick a scenario file…
              <input
                type="file"
                accept=".json,application/json"
                className="sr-only"
                aria-label="Scenario file"
                disabled={busy}
                onChange={(e) => {
                  void runFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
            <span className="text-[11px] text-slate-500">{busy ? 'Running…' : 'Runs headless in the inspector; each run is kept as a session.'}</span>
          </div>
          {error && <Alert>{error}</Alert>}
          {runs && (
            <section aria-label="Scenario runs" className="space-y-1.5">
              <p className="text-xs font-medium text-slate-700">{runs.file}</p>
              {runs.runs.map((r, i) => (
                <RunVerdict
                  key={i}
                  run={r}
                  onOpenSession={(sessionId) => {
                    app.watch(sessionId);
                    setOpen(false);
                  }}
                />
              ))}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

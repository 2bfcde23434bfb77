/** How a scenario run reads in the page: one headline, and one line per expectation that did not hold. */
import type { RunReport } from '@wire/scenario';

export function verdictHeadline(run: RunReport): string {
  const steps = run.steps.length;
  const passed = run.steps.filter((s) => s.status === 'passed').length;
  const protocol = run.negotiatedVersion && run.negotiatedVersion !== run.protocol ? `${run.protocol} (${run.negotiatedVersion})` : run.protocol;
  const skipped = run.steps.filter((s) => s.status === 'skipped').length;
  if (run.status === 'error' && steps === 0) return `${protocol}: could not run: ${run.error ?? 'no reason given'}`;
  if (run.status === 'error')
    return `${protocol}: stopped: ${run.error ?? 'no reason given'} (${passed} of ${steps} step${steps === 1 ? '' : 's'} passed, ${skipped} not run)`;
  return `${protocol}: ${run.status}, ${passed} of ${steps} step${steps === 1 ? '' : 's'} passed in ${formatMs(run.durationMs)}`;
}

export type FailureLine = { step: string; expectation: string; expected: string; actual: string };

export function failureLines(run: RunReport): FailureLine[] {
  return run.steps.flatMap((step) =>
    step.failures.map((f) => ({ step: `Step ${step.index} (${step.name})`, expectation: f.expectation, expected: f.expected, actual: f.actual })),
  );
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

import type { DoctorReport } from '../wire/doctor';

const MARKS = { passed: '✓', failed: '✗', skipped: '-' } as const;

/** The checklist as `--check` prints it: one line a step, the hint and any output under a failure. */
export function printReport(report: DoctorReport): string {
  const width = Math.max(...report.checks.map((check) => check.step.length));
  const lines = [`Checking ${report.target}`];
  for (const check of report.checks) {
    lines.push(`  ${MARKS[check.status]} ${check.step.padEnd(width)}  ${check.detail}`);
    if (check.status !== 'failed') continue;
    if (check.hint) lines.push(`    → ${check.hint}`);
    if (check.output)
      lines.push(
        ...check.output
          .split('\n')
          .slice(-15)
          .map((line) => `    | ${line}`),
      );
  }
  const failed = report.checks.find((check) => check.status === 'failed');
  const skipped = report.checks.filter((check) => check.status === 'skipped').map((check) => check.step);
  lines.push(
    failed ? `Failed at "${failed.step}".` : skipped.length ? `Every check that ran passed (not tried: ${skipped.join(', ')}).` : 'Every check passed.',
  );
  return `${lines.join('\n')}\n`;
}

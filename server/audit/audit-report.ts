/**
 * How `elicitation-inspector audit` tells what it found: a line per case as it
 * ends (with the answer sent and what came back for each failure), a summary
 * per revision, a side-by-side table of the verdicts when it ran on both eras,
 * the whole audit as JSON, or JUnit XML through the scenario reporters (a
 * revision a testsuite, a case a testcase).
 */
import { junitReport, notSpokenLine, oneLine, textTable } from '../scenarios/reporters';
import { FAILING_VERDICTS, type AuditCaseReport, type AuditVerdict } from '../wire/audit';
import type { RunReport, StepReport } from '../wire/scenario';
import type { AuditRun } from './audit-runner';

const VERDICTS: readonly AuditVerdict[] = ['refused', 'handled', 'used', 'broke', 'unclear'];

/** Where the case aimed: "1. tools/call signup › form 1 › name", "2. tools/call connect › URL request 1". */
export function caseTarget(report: AuditCaseReport): string {
  const parts = [report.step];
  if (report.elicitation !== undefined) parts.push(`${report.mode === 'url' ? 'URL request' : 'form'} ${report.elicitation}`);
  if (report.field !== undefined) parts.push(report.field);
  return parts.join(' › ');
}

export function caseLine(report: AuditCaseReport): string {
  const isFail = FAILING_VERDICTS.includes(report.verdict);
  const mark = isFail ? 'FAIL' : report.verdict === 'unclear' ? ' ?  ' : 'ok  ';
  const lines = [`  ${mark} ${report.verdict.padEnd(7)} ${report.caseId.padEnd(20)} ${caseTarget(report)}: ${report.reason} (${report.durationMs} ms)`];
  if (isFail || report.verdict === 'unclear')
    lines.push(`         sent ${report.sent}`, ...(report.sentAfter ?? []).map((answer) => `         then ${answer}`), `         came ${report.came}`);
  return lines.map(oneLine).join('\n');
}

export function auditSummary(run: AuditRun): string {
  const on = `on ${run.negotiatedVersion ?? run.protocol}`;
  if (run.isNotSpoken) return notSpokenLine(run);
  if (run.status === 'error') return `ERROR ${on}: ${oneLine(run.error ?? 'the audit could not go on')}`;
  const tally = VERDICTS.map((verdict) => [verdict, run.cases.filter((report) => report.verdict === verdict).length] as const)
    .filter(([, count]) => count > 0)
    .map(([verdict, count]) => `${count} ${verdict}`);
  const files = [...new Set(run.cases.flatMap((report) => report.sessionFile ?? []))];
  const open = files.length ? `; every case is a call in ${files.length === 1 ? files[0] : `${files.length} session files`}` : '';
  const head = run.status === 'failed' ? 'FAILED' : 'PASSED';
  return `${head} ${on}: ${run.cases.length} case${run.cases.length === 1 ? '' : 's'}${tally.length ? ` (${tally.join(', ')})` : ''} in ${(run.durationMs / 1000).toFixed(1)} s${open}`;
}

/** The steps the audit could not audit, and why, one line each. */
export function stepNotes(run: AuditRun): string[] {
  return run.steps.filter((step) => step.note).map((step) => oneLine(`  note ${step.step}: ${step.note}`));
}

/** With several revisions: every case's verdict on each, side by side. */
export function sideBySide(runs: AuditRun[]): string {
  const ran = runs.filter((run) => run.status !== 'error');
  if (ran.length < 2) return '';
  const key = (report: AuditCaseReport) => `${report.caseId} ${caseTarget(report)}`;
  const keys = [...new Set(ran.flatMap((run) => run.cases.map(key)))];
  const rows = keys.map((k) => [k, ...ran.map((run) => run.cases.find((report) => key(report) === k)?.verdict ?? '-')]);
  return textTable('Verdicts side by side:', [['case', ...ran.map((run) => run.negotiatedVersion ?? run.protocol)], ...rows], 70);
}

export function auditJson(runs: AuditRun[]): string {
  return `${JSON.stringify({ runs }, null, 2)}\n`;
}

/** JUnit through the scenario reporter: a failing verdict is a failure naming it, with what was sent and what came. */
export function auditJunit(runs: AuditRun[], label: string): string {
  return junitReport(runs.map((run) => asRunReport(run, label)));
}

function asRunReport(run: AuditRun, label: string): RunReport {
  const steps: StepReport[] = run.cases.map((report, i) => ({
    index: i + 1,
    name: `${report.caseId} ${caseTarget(report)}`,
    status: FAILING_VERDICTS.includes(report.verdict) ? 'failed' : 'passed',
    durationMs: report.durationMs,
    ...(report.callId && { callId: report.callId }),
    failures: FAILING_VERDICTS.includes(report.verdict)
      ? [
          {
            expectation: report.verdict,
            expected: 'the server refuses or handles it',
            actual: `${report.reason}; sent ${[report.sent, ...(report.sentAfter ?? [])].join('; then ')}; came ${report.came}`,
          },
        ]
      : [],
  }));
  const file = run.cases.find((report) => report.sessionFile)?.sessionFile;
  return {
    scenario: `audit ${label}`,
    protocol: run.protocol,
    ...(run.negotiatedVersion && { negotiatedVersion: run.negotiatedVersion }),
    status: run.status,
    ...(run.isNotSpoken && { isNotSpoken: true }),
    ...(run.error && { error: run.error }),
    durationMs: run.durationMs,
    ...(file && { sessionFile: file }),
    steps,
  };
}

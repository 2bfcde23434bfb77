/* eslint-disable no-control-regex -- a server's control characters are what these reports must neutralize */
/**
 * How `elicitation-inspector run` tells what happened: a human line per step, the
 * whole report as JSON, or JUnit XML for CI (one testsuite per protocol, one
 * testcase per step), and with several protocols a table of the steps whose
 * outcomes differ between them.
 */
import type { RunReport, StepReport } from '../wire/scenario';

export const REPORTERS = ['line', 'json', 'junit'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export function runHeader(protocol: string): string {
  return `Running on ${protocol === 'auto' ? 'the newest revision both sides speak' : protocol}`;
}

export function stepLine(step: StepReport): string {
  const mark = step.status === 'passed' ? 'ok  ' : step.status === 'failed' ? 'FAIL' : 'skip';
  const lines = [`  ${mark} ${step.name} (${step.status === 'skipped' ? 'not run: the run had stopped' : `${step.durationMs} ms`})`];
  for (const failure of step.failures)
    lines.push(`         ${failure.expectation}: expected ${failure.expected}`, `         ${' '.repeat(failure.expectation.length)}  got ${failure.actual}`);
  return lines.map(oneLine).join('\n');
}

export function runSummary(report: RunReport): string {
  const counts = (status: StepReport['status']) => report.steps.filter((step) => step.status === status).length;
  const on = `on ${report.negotiatedVersion ?? report.protocol}`;
  const file = report.sessionFile ? `; open ${report.sessionFile} in the page for the whole story` : '';
  if (report.isNotSpoken) return notSpokenLine(report);
  if (report.status === 'error') {
    // Steps are counted once the run got to them: a connection that failed has none.
    const tally = (['passed', 'failed', 'skipped'] as const).filter((status) => counts(status) > 0).map((status) => `${counts(status)} ${status}`);
    const steps = report.steps.length ? ` (${plural(report.steps.length, 'step')}: ${tally.join(', ')}; ${report.durationMs} ms)` : '';
    return `ERROR ${on}: ${oneLine(report.error ?? 'the run could not go on')}${steps}${file}`;
  }
  if (report.status === 'failed') return `FAILED ${on}: ${counts('failed')} of ${plural(report.steps.length, 'step')} failed (${report.durationMs} ms)${file}`;
  return `PASSED ${on}: ${plural(report.steps.length, 'step')} (${report.durationMs} ms)${file}`;
}

/** A revision the server refused beside one it spoke (`run --protocol all`, `audit --revision all`): said, not failed. */
export function notSpokenLine(report: { protocol: string; error?: string }): string {
  return `NOT SPOKEN: the server does not speak ${report.protocol} (${oneLine(report.error ?? '')})`;
}

/** The last line when a scenario ran on several protocols. */
export function overallVerdict(reports: RunReport[], exitCode: number): string {
  const spoken = reports.filter((report) => !report.isNotSpoken).map((report) => report.protocol);
  const verdict = exitCode === 0 ? 'PASSED' : exitCode === 1 ? 'FAILED' : 'ERROR';
  return `${verdict} on ${spoken.length ? spoken.join(', ') : 'no protocol the server speaks'}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The steps whose status or first failure differ between protocols, as an aligned text table; empty when they agree. */
export function differenceTable(reports: RunReport[]): string {
  const spoken = reports.filter((report) => !report.isNotSpoken);
  if (spoken.length < 2) return '';
  const cell = (step: StepReport | undefined) => (!step ? '-' : step.failures.length ? `${step.status}: ${step.failures[0].expectation}` : step.status);
  const rows: string[][] = [];
  for (let i = 0; i < Math.max(...spoken.map((report) => report.steps.length)); i++) {
    const cells = spoken.map((report) => cell(report.steps[i]));
    if (new Set(cells).size > 1) rows.push([spoken.find((report) => report.steps[i])?.steps[i].name ?? `step ${i + 1}`, ...cells]);
  }
  if (rows.length === 0) return 'Every step had the same outcome on each protocol.';
  return textTable('Where the protocols differ:', [['step', ...spoken.map((report) => report.protocol)], ...rows], 60);
}

/** A titled text table, columns aligned, the header ruled off; each cell on one line and at most `maxCell` characters. */
export function textTable(title: string, rows: string[][], maxCell: number): string {
  const table = rows.map((row) => row.map((text) => oneLine(text).slice(0, maxCell)));
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  const format = (row: string[]) =>
    row
      .map((text, column) => text.padEnd(widths[column]))
      .join(' | ')
      .trimEnd();
  return [title, format(table[0]), widths.map((width) => '-'.repeat(width)).join('-+-'), ...table.slice(1).map(format)].join('\n');
}

export function jsonReport(reports: RunReport[]): string {
  return JSON.stringify({ runs: reports }, null, 2);
}

export function junitReport(reports: RunReport[]): string {
  const suites = reports.map((report) => {
    // A revision the server does not speak is one skipped "run" case, whatever steps the report lists.
    const steps = report.isNotSpoken ? [] : report.steps;
    const failures = steps.filter((step) => step.status === 'failed').length;
    const skipped = steps.filter((step) => step.status === 'skipped').length + (report.isNotSpoken ? 1 : 0);
    const errors = report.status === 'error' && !report.isNotSpoken ? 1 : 0;
    const name = `${report.scenario} (${report.protocol})`;
    const cases = steps.map((step) => {
      const open = `    <testcase name="${xml(step.name)}" classname="${xml(name)}" time="${seconds(step.durationMs)}"`;
      if (step.status === 'skipped') return `${open}>\n      <skipped/>\n    </testcase>`;
      if (step.status === 'passed') return `${open}/>`;
      const text = step.failures.map((f) => `${f.expectation}: expected ${f.expected}, got ${f.actual}`).join('\n');
      return `${open}>\n      <failure message="${xml(step.failures[0]?.expectation ?? 'failed')}" type="expectation">${xml(text)}</failure>\n    </testcase>`;
    });
    if (report.status === 'error') {
      const tag = report.isNotSpoken ? '<skipped message' : '<error message';
      cases.push(`    <testcase name="run" classname="${xml(name)}" time="0">\n      ${tag}="${xml(report.error ?? 'error')}"/>\n    </testcase>`);
    }
    const attributes = `name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(report.durationMs)}"`;
    const file = report.sessionFile ? `\n    <properties>\n      <property name="sessionFile" value="${xml(report.sessionFile)}"/>\n    </properties>` : '';
    return `  <testsuite ${attributes}>${file}\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join('\n')}\n</testsuites>\n`;
}

/**
 * Text for XML 1.0 content and attributes: markup characters escaped, and the
 * characters XML cannot carry at all (most C0 controls, lone surrogates, U+FFFE/F)
 * shown as \uXXXX, since a server's text goes into these messages as it came.
 */
export function xml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** A server's text on one line, so a report line cannot be forged, split or shown reordered (bidi overrides). */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001F\u007F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g, (ch) =>
    ch === '\n' ? '\\n' : ch === '\t' ? ' ' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

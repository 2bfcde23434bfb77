/* eslint-disable no-control-regex -- control characters are what these reports must neutralize */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../wire/scenario';
import { differenceTable, junitReport, runSummary, stepLine, xml } from './reporters';

const HOSTILE = 'a ]]> b <tag attr="x"> & \'q\' \u0000\u0001\u001b[31m\u0007 \uD800 end';

const report = (protocol: string, overrides: Partial<RunReport> = {}): RunReport => ({
  scenario: 'demo <&>',
  protocol,
  status: 'failed',
  durationMs: 1234,
  sessionFile: '/tmp/s.jsonl',
  steps: [
    { index: 1, name: 'echo', status: 'passed', durationMs: 10, failures: [] },
    { index: 2, name: 'order', status: 'failed', durationMs: 20, failures: [{ expectation: 'text contains', expected: '"ok"', actual: HOSTILE }] },
    { index: 3, name: 'later', status: 'skipped', durationMs: 0, failures: [] },
  ],
  ...overrides,
});

/** What an XML parser would read back from escaped text. */
function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name]!,
  );
}

describe('reporters', () => {
  it('JUnit XML has one testsuite per protocol and one testcase per step, with failures, skips and the session file', () => {
    const out = junitReport([report('2026-07-28'), report('2025-11-25', { status: 'passed', steps: [] })]);
    expect(out.match(/<testsuite /g)).toHaveLength(2);
    expect(out).toContain('<testsuite name="demo &lt;&amp;&gt; (2026-07-28)" tests="3" failures="1" errors="0" skipped="1" time="1.234">');
    expect(out.match(/<testcase /g)).toHaveLength(3);
    expect(out).toContain('<failure message="text contains" type="expectation">');
    expect(out).toContain('<property name="sessionFile" value="/tmp/s.jsonl"/>');
  });

  it('hostile text in a failure cannot break out of the XML: markup escaped, characters XML cannot carry spelled out', () => {
    const out = junitReport([report('2025-11-25')]);
    expect(out).not.toContain(']]>');
    expect(out).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(out).not.toMatch(/[\uD800-\uDFFF]/);
    // Every < in the document opens one of our own tags.
    expect(out.match(/<(?!\/?(testsuites|testsuite|testcase|failure|skipped|error|properties|property)\b|\?xml)/g)).toBeNull();
    const body = /<failure [^>]*>([^<]*)<\/failure>/.exec(out)![1];
    expect(unescape(body)).toBe(
      `text contains: expected "ok", got ${HOSTILE.replace(/[\u0000-\u0008\u001b\u0007\uD800]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}`,
    );
    expect(unescape(xml('line\nbreak\t"quoted"'))).toBe('line\nbreak\t"quoted"');
  });

  it('a revision the server does not speak is one skipped run testcase in JUnit, not one per step', () => {
    const out = junitReport([report('2025-06-18', { status: 'error', isNotSpoken: true, error: 'refused' })]);
    expect(out).toContain('tests="1" failures="0" errors="0" skipped="1"');
    expect(out.match(/<testcase /g)).toHaveLength(1);
    expect(out).toContain('<testcase name="run" classname="demo &lt;&amp;&gt; (2025-06-18)" time="0">');
  });

  it('the summary of a run that stopped counts the steps it never ran; each prints a skip line', () => {
    const stopped = report('2025-11-25', { status: 'error', error: 'The server process exited with code 9.' });
    expect(runSummary(stopped)).toBe(
      'ERROR on 2025-11-25: The server process exited with code 9. (3 steps: 1 passed, 1 failed, 1 skipped; 1234 ms); open /tmp/s.jsonl in the page for the whole story',
    );
    expect(stepLine(stopped.steps[2])).toBe('  skip later (not run: the run had stopped)');
    expect(runSummary({ ...stopped, error: 'Could not connect: refused', steps: [] })).toBe(
      'ERROR on 2025-11-25: Could not connect: refused; open /tmp/s.jsonl in the page for the whole story',
    );
  });

  it('a run that could not go on is a JUnit error; a revision the server does not speak is skipped', () => {
    const out = junitReport([
      report('2025-06-18', { status: 'error', isNotSpoken: true, error: 'refused', steps: [] }),
      report('2025-11-25', { status: 'error', error: 'The server process exited with code 9.', steps: [] }),
    ]);
    expect(out).toContain('<skipped message="refused"/>');
    expect(out).toContain('errors="1"');
    expect(out).toContain('<error message="The server process exited with code 9."/>');
  });

  it("a step line shows what was expected and what came, indented, with a server's control characters made visible", () => {
    const text = stepLine(report('x').steps[1]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('  FAIL order (20 ms)');
    expect(lines[1]).toBe('         text contains: expected "ok"');
    expect(lines[2]).toMatch(/^ {24}got a \]\]> b <tag attr="x"> & 'q' \\u0000\\u0001\\u001b\[31m\\u0007/);
  });

  it('the side-by-side table lists only the steps whose outcome differs', () => {
    const passing = report('2025-11-25', { steps: report('x').steps.map((step) => ({ ...step, status: 'passed' as const, failures: [] })) });
    const table = differenceTable([report('2026-07-28'), passing, report('2025-06-18', { isNotSpoken: true, steps: [] })]);
    expect(table.split('\n')).toEqual([
      'Where the protocols differ:',
      'step  | 2026-07-28            | 2025-11-25',
      '------+-----------------------+-----------',
      'order | failed: text contains | passed',
      'later | skipped               | passed',
    ]);
    expect(differenceTable([passing, passing])).toBe('Every step had the same outcome on each protocol.');
  });
});

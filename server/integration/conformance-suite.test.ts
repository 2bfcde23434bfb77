/**
 * The official MCP conformance suite drives the inspector as its client: every
 * client scenario each revision's frozen requirement set names, each at that
 * revision, runs `elicitation-inspector conformance-client <url>` against the
 * suite's own test server, and must end `OVERALL: PASSED` (no failed check, no
 * warning, the client exited 0 where it must). The list comes from the suite,
 * so a newer release's scenarios are run as soon as it is installed.
 * docs/conformance.md's table must say the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inPool, REVISIONS, requiredClientScenarios, runScenario, SUITE_VERSION, type Revision, type ScenarioRun } from '../../e2e/support/conformance-runner';
import { ROOT } from '../../e2e/support/processes';

/** Scenarios at once: each is a suite process, its test servers and the inspector's client. */
const POOL = 3;
/** Extension scenarios (run and reported by the suite, never scored) that the inspector supports. */
const EXTENSIONS = ['auth/client-credentials-basic'];

let runs: ScenarioRun[] = [];
const required = new Map<Revision, string[]>();

beforeAll(async () => {
  for (const revision of REVISIONS) required.set(revision, await requiredClientScenarios(revision));
  const jobs = [
    ...REVISIONS.flatMap((revision) => (required.get(revision) ?? []).map((scenario) => ({ scenario, revision }))),
    ...EXTENSIONS.map((scenario) => ({ scenario, revision: undefined })),
  ];
  const started = performance.now();
  runs = await inPool(jobs, POOL, async ({ scenario, revision }) => {
    const run = await runScenario(scenario, revision);
    console.log(`${run.isPassed ? 'PASS' : 'FAIL'} ${revision ?? 'extension'} ${scenario} (${run.durationMs} ms): ${run.summary}`);
    return run;
  });
  const passed = runs.filter((run) => run.isPassed).length;
  console.log(
    `conformance ${SUITE_VERSION}: ${passed} of ${runs.length} client scenarios passed in ${Math.round(performance.now() - started)} ms, ${POOL} at a time`,
  );
}, 900_000);

/** Each scenario that did not pass, with what the suite counted: the failure names them all. */
function notPassed(revision: Revision | undefined): string[] {
  return runs.filter((run) => run.revision === revision && !run.isPassed).map((run) => `${run.scenario}: ${run.summary}`);
}

describe(`the MCP conformance suite (${SUITE_VERSION}), with the inspector as its client`, () => {
  for (const revision of REVISIONS) {
    it(`passes every client scenario ${revision} requires, at ${revision}`, () => {
      const scenarios = required.get(revision) ?? [];
      expect(scenarios.length, 'scenarios the suite lists').toBeGreaterThan(0);
      expect(runs.filter((run) => run.revision === revision).map((run) => run.scenario)).toEqual(scenarios);
      expect(notPassed(revision)).toEqual([]);
    });
  }

  it('passes the extension scenarios it supports', () => {
    expect(notPassed(undefined)).toEqual([]);
  });

  it('docs/conformance.md lists exactly the scenarios run, each as passing, with the suite version', () => {
    const page = readFileSync(join(ROOT, 'docs/conformance.md'), 'utf8');
    expect(page).toContain(`@modelcontextprotocol/conformance\` ${SUITE_VERSION}`);
    const rows = page
      .split('\n')
      .filter((line) => /^\| (20\d\d-\d\d-\d\d|extension) \|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const listed = rows.map(([, revision = '', scenario = '']) => `${revision} ${scenario.replaceAll('`', '')}`);
    const ran = runs.map((run) => `${run.revision ?? 'extension'} ${run.scenario}`);
    expect(listed.sort()).toEqual(ran.sort());
    expect(rows.filter(([, , , result]) => result !== 'pass').map(([, revision, scenario]) => `${revision} ${scenario}`)).toEqual([]);
  });
});

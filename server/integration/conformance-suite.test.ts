/**
 * The official MCP conformance suite drives the inspector as its client, in two
 * releases: the newest, where every client scenario each revision's frozen
 * requirement set names runs at that revision, and npm's `latest`, where every
 * client scenario it lists runs. Each runs `elicitation-inspector
 * conformance-client <url>` against the suite's own test servers and must end
 * `OVERALL: PASSED` (no failed check, no warning, the client exited 0 where it
 * must). The lists come from the suites, so a newer release's scenarios are run
 * as soon as it is installed. docs/conformance.md's table must say the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  inPool,
  LATEST,
  listedClientScenarios,
  NEWEST,
  requiredClientScenarios,
  rerunCommand,
  REVISIONS,
  runScenario,
  type Revision,
  type ScenarioRun,
  type Suite,
} from '../../e2e/support/conformance-runner';
import { ROOT } from '../../e2e/support/processes';

/** Scenarios at once: each is a suite process, its test servers and the inspector's client. */
const POOL = 3;
/** The newest release's extension scenarios (run and reported by the suite, never scored) that the inspector supports. */
const EXTENSIONS = ['auth/client-credentials-basic', 'auth/client-credentials-jwt', 'auth/enterprise-managed-authorization'];

type Job = { suite: Suite; scenario: string; revision: Revision | undefined; label: string };
type Ran = ScenarioRun & { label: string };

let runs: Ran[] = [];
const required = new Map<Revision, string[]>();
let latestListed: string[] = [];

beforeAll(async () => {
  for (const revision of REVISIONS) required.set(revision, await requiredClientScenarios(revision));
  const latest = await listedClientScenarios(LATEST);
  latestListed = latest.map(({ scenario }) => scenario);
  const jobs: Job[] = [
    ...REVISIONS.flatMap((revision) => (required.get(revision) ?? []).map((scenario) => ({ suite: NEWEST, scenario, revision, label: revision }))),
    ...EXTENSIONS.map((scenario) => ({ suite: NEWEST, scenario, revision: undefined, label: 'extension' })),
    ...latest.map(({ scenario, tags }) => ({ suite: LATEST, scenario, revision: undefined, label: tags })),
  ];
  const started = performance.now();
  runs = await inPool(jobs, POOL, async ({ suite, scenario, revision, label }) => {
    const run = await runScenario(suite, scenario, revision);
    console.log(`${run.isPassed ? 'PASS' : 'FAIL'} ${suite.version} ${label} ${scenario} (${run.durationMs} ms): ${run.summary}`);
    return { ...run, label };
  });
  const passed = runs.filter((run) => run.isPassed).length;
  console.log(
    `conformance ${NEWEST.version} and ${LATEST.version}: ${passed} of ${runs.length} client scenarios passed in ${Math.round(performance.now() - started)} ms, ${POOL} at a time`,
  );
}, 1_800_000);

/** Each scenario that did not pass, with what the suite counted: the failure names them all. */
function notPassed(suite: Suite, revision: Revision | undefined): string[] {
  return runs.filter((run) => run.suite === suite && run.revision === revision && !run.isPassed).map((run) => `${run.scenario}: ${run.summary}`);
}

describe(`the MCP conformance suite (${NEWEST.version} and ${LATEST.version}), with the inspector as its client`, () => {
  for (const revision of REVISIONS) {
    it(`passes every client scenario ${NEWEST.version} requires for ${revision}, at ${revision}`, () => {
      const scenarios = required.get(revision) ?? [];
      expect(scenarios.length, 'scenarios the suite lists').toBeGreaterThan(0);
      expect(runs.filter((run) => run.suite === NEWEST && run.revision === revision).map((run) => run.scenario)).toEqual(scenarios);
      expect(notPassed(NEWEST, revision)).toEqual([]);
    });
  }

  it(`passes the extension scenarios of ${NEWEST.version} it supports`, () => {
    expect(notPassed(NEWEST, undefined)).toEqual([]);
  });

  it(`passes every client scenario ${LATEST.version} lists`, () => {
    expect(latestListed.length, 'scenarios the suite lists').toBeGreaterThan(0);
    expect(runs.filter((run) => run.suite === LATEST).map((run) => run.scenario)).toEqual(latestListed);
    expect(notPassed(LATEST, undefined)).toEqual([]);
  });

  it('docs/conformance.md lists exactly the scenarios run, each as passing, with the command that reruns it', () => {
    const page = readFileSync(join(ROOT, 'docs/conformance.md'), 'utf8');
    const rows = tableRows(page);
    const ran = runs.map((run) => `${run.suite.version} | ${run.label} | ${run.scenario} | pass | ${rerunCommand(run.suite, run.scenario, run.revision)}`);
    expect(rows.sort()).toEqual(ran.sort());
  });

  it(`docs/oauth.md lists every auth scenario of ${LATEST.version} as passing`, () => {
    const rows = tableRows(readFileSync(join(ROOT, 'docs/oauth.md'), 'utf8'));
    const ran = runs
      .filter((run) => run.suite === LATEST && run.scenario.startsWith('auth/'))
      .map((run) => `${run.suite.version} | ${run.label} | ${run.scenario} | pass`);
    expect(rows.map((row) => row.split(' | ').slice(0, 4).join(' | ')).sort()).toEqual(ran.sort());
  });
});

/** A page's scenario rows (`| 0.1.16 | 2025-11-25 | \`auth/…\` | pass | … |`), cells trimmed and unquoted, joined by ` | `. */
function tableRows(page: string): string[] {
  return page
    .split('\n')
    .filter((line) => /^\| \d+\.\d+\.\d+\S* +\|/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'))
        .join(' | '),
    );
}

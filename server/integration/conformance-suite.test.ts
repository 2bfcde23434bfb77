/**
 * The official MCP conformance suite drives the inspector as its client, in two
 * releases: the newest, where every client scenario each revision's frozen
 * requirement set names runs at that revision, and npm's `latest`, where every
 * client scenario it lists runs. Each runs `elicitation-inspector
 * conformance-client <url>` against the suite's own test servers and must pass
 * as a single run would (`OVERALL: PASSED`: no failed check, no warning, the
 * client exited 0 where it must). The scenarios run in the suite's batches, a
 * suite process per revision rather than per scenario (see runBatch).
 * The lists come from the suites, so a newer release's scenarios are run as
 * soon as it is installed. docs/conformance.md's table must say the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Batch,
  LATEST,
  listedClientScenarios,
  NEWEST,
  requiredClientScenarios,
  rerunCommand,
  REVISIONS,
  runBatch,
  type Revision,
  type ScenarioRun,
  type Suite,
} from '../../e2e/support/conformance-runner';
import { ROOT } from '../../e2e/support/processes';

/** The newest release's extension scenarios (run and reported by the suite, never scored) that the inspector supports. */
const EXTENSIONS = ['auth/client-credentials-basic', 'auth/client-credentials-jwt', 'auth/enterprise-managed-authorization'];

type Ran = ScenarioRun & { label: string };

let runs: Ran[] = [];
const required = new Map<Revision, string[]>();
let latestListed: string[] = [];

beforeAll(async () => {
  for (const revision of REVISIONS) required.set(revision, await requiredClientScenarios(revision));
  const latest = await listedClientScenarios(LATEST);
  latestListed = latest.map(({ scenario }) => scenario);
  // One batch per revision and one for `latest`, one after another: a batch starts all of its scenarios
  // at once. The extensions run in the 2025-11-25 batch, its requirement set (which runs six extensions,
  // and the scenario added after the release, unscored), at the wire a run without a revision uses.
  // 2026-07-28 needs none of its requirement set's extras (seven of its 39 client scenarios): its batch
  // is the release's scenarios tagged 2026-07-28 (the 32 required and that one added after), which the
  // suite runs at that wire as the requirement set does.
  const batches: { batch: Batch; wanted: Map<string, Revision | undefined>; label: (scenario: string) => string }[] = [
    ...REVISIONS.map((revision) => ({
      batch: revision === '2025-11-25' ? { suite: NEWEST, requirements: revision } : { suite: NEWEST, at: revision },
      wanted: new Map<string, Revision | undefined>([
        ...(required.get(revision) ?? []).map((scenario) => [scenario, revision] as const),
        ...(revision === '2025-11-25' ? EXTENSIONS.map((scenario) => [scenario, undefined] as const) : []),
      ]),
      label: (scenario: string) => (EXTENSIONS.includes(scenario) && revision === '2025-11-25' ? 'extension' : revision),
    })),
    {
      batch: { suite: LATEST, all: true },
      wanted: new Map(latest.map(({ scenario }) => [scenario, undefined])),
      label: (scenario: string) => latest.find((listed) => listed.scenario === scenario)?.tags ?? '',
    },
  ];
  const started = performance.now();
  // In the order the suites list them, as the assertions and the docs' table read them.
  runs = [];
  for (const { batch, wanted, label } of batches) {
    for (const run of await runBatch(batch, wanted)) {
      console.log(
        `${run.isPassed ? 'PASS' : 'FAIL'} ${run.suite.version} ${label(run.scenario)} ${run.scenario}: ${run.summary}${run.ranAlone ? ` (run alone; in the batch: ${run.ranAlone})` : ''}`,
      );
      runs.push({ ...run, label: label(run.scenario) });
    }
  }
  const passed = runs.filter((run) => run.isPassed).length;
  console.log(
    `conformance ${NEWEST.version} and ${LATEST.version}: ${passed} of ${runs.length} client scenarios passed in ${Math.round(performance.now() - started)} ms, a batch at a time`,
  );
}, 1_800_000);

/** Each scenario that did not pass, with what the suite counted: the failure names them all. */
function notPassed(suite: Suite, revision: Revision | undefined): string[] {
  return runs
    .filter((run) => run.suite === suite && run.revision === revision && !run.isPassed)
    .map((run) => `${run.scenario}: ${run.summary}${run.ranAlone ? ` (run alone; in the batch: ${run.ranAlone})` : ''}`);
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

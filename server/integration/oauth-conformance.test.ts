/**
 * The official conformance suite's client auth scenarios (0.1.12), with the
 * inspector's headless `conformance-client` signing in by itself: each
 * scenario's authorization server approves without a login page. docs/oauth.md
 * lists every auth scenario of 0.1.16 (which needs Node 22), with the ones that do not pass yet and why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';
import { conformanceRunner } from '../../e2e/support/conformance-runner';

const runSuite = conformanceRunner('conformance-auth-');

const PASSING = [
  'auth/metadata-default',
  'auth/scope-from-www-authenticate',
  'auth/scope-step-up',
  'auth/token-endpoint-auth-basic',
  'auth/resource-mismatch',
  'auth/pre-registration',
  'auth/client-credentials-basic',
];

describe('the conformance suite’s auth scenarios, signed in headless', () => {
  for (const scenario of PASSING) {
    it(`passes ${scenario}`, async () => {
      const { code, output } = await runSuite(scenario);
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
      expect(output).toContain('OVERALL: PASSED');
      expect(code).toBe(0);
    }, 120_000);
  }
});

describe('the table of auth scenarios in docs/oauth.md', () => {
  it('names each scenario once, in full; its "N of M pass" is the table’s count; the scenarios passing here are among its passes', () => {
    const page = readFileSync(join(ROOT, 'docs/oauth.md'), 'utf8');
    const section = page.slice(page.indexOf("The official conformance suite's client auth scenarios"));
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| `auth/'))
      .map((line) => {
        const [, names = '', result = ''] = line.split('|').map((cell) => cell.trim());
        return { scenarios: [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''), isPass: result.startsWith('pass') };
      });
    const all = rows.flatMap((row) => row.scenarios);
    expect(all.every((name) => /^auth\/[a-z0-9-]+$/.test(name))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    const passing = rows.filter((row) => row.isPass).flatMap((row) => row.scenarios);
    const figure = /(\d+) of its (\d+) auth scenarios pass/.exec(section);
    expect(figure?.slice(1).map(Number)).toEqual([passing.length, all.length]);
    expect(PASSING.filter((scenario) => !passing.includes(scenario))).toEqual([]);
  });
});

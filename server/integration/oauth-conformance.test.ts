/**
 * The official conformance suite's client auth scenarios (0.1.12), with the
 * inspector's headless `conformance-client` signing in by itself: each
 * scenario's authorization server approves without a login page. The README
 * lists every auth scenario of 0.1.12, with the ones that do not pass yet and why.
 */
import { describe, expect, it } from 'vitest';
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

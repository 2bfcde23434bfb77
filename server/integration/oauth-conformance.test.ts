/**
 * The official conformance suite's client auth scenarios (0.1.12), with the
 * inspector's headless `conformance-client` signing in by itself: each
 * scenario's authorization server approves without a login page. The README
 * lists every auth scenario of 0.1.12, with the ones that do not pass yet and why.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';

const workDir = mkdtempSync(join(tmpdir(), 'conformance-auth-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function runSuite(scenario: string): Promise<{ code: number | null; output: string }> {
  const suite = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  const client = `${process.execPath} ${join(ROOT, 'server/bin.mjs')} conformance-client`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [suite, 'client', '--command', client, '--scenario', scenario], { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

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

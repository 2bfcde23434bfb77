/**
 * The official MCP conformance suite drives the inspector as its client: its
 * elicitation client scenario (SEP-1034 defaults) starts its own test server,
 * runs `elicitation-inspector conformance-client <url>`, and checks what came.
 * 0.1.12 is the newest release that runs on Node 20 (0.1.13 and later import
 * fs.globSync, Node 22+).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';

// The suite writes its results under the folder it runs in.
const workDir = mkdtempSync(join(tmpdir(), 'conformance-'));
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

describe('the MCP conformance suite, with the inspector as its client', () => {
  it('passes the elicitation client scenario: every SEP-1034 default applied', async () => {
    const { code, output } = await runSuite('elicitation-sep1034-client-defaults');
    expect(output).toContain('Passed: 5/5, 0 failed');
    for (const kind of ['string', 'integer', 'number', 'enum', 'boolean']) expect(output).toMatch(new RegExp(`SUCCESS.*Client applies ${kind} default value`));
    expect(output).toContain('OVERALL: PASSED');
    expect(code).toBe(0);
  }, 120_000);
});

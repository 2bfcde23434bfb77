/**
 * The official MCP conformance suite drives the inspector as its client: its
 * elicitation client scenario (SEP-1034 defaults) starts its own test server,
 * runs `elicitation-inspector conformance-client <url>`, and checks what came.
 * 0.1.12 is the newest release that runs on Node 20 (0.1.13 and later import
 * fs.globSync, Node 22+).
 */
import { describe, expect, it } from 'vitest';
import { conformanceRunner } from '../../e2e/support/conformance-runner';

const runSuite = conformanceRunner('conformance-');

describe('the MCP conformance suite, with the inspector as its client', () => {
  it('passes the elicitation client scenario: every SEP-1034 default applied', async () => {
    const { code, output } = await runSuite('elicitation-sep1034-client-defaults');
    expect(output).toContain('Passed: 5/5, 0 failed');
    for (const kind of ['string', 'integer', 'number', 'enum', 'boolean']) expect(output).toMatch(new RegExp(`SUCCESS.*Client applies ${kind} default value`));
    expect(output).toContain('OVERALL: PASSED');
    expect(code).toBe(0);
  }, 120_000);
});

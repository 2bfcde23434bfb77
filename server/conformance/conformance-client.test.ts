/**
 * The conformance suite's client command, against a server that checks what the
 * suite's SEP-1034 scenario checks: a form whose every field has a default,
 * accepted with all of them filled in.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startHttpTarget, type Started } from '../../e2e/support/processes';

let target: Started & { port: number };
beforeAll(async () => {
  target = await startHttpTarget('defaults-form');
});
afterAll(() => target?.stop());

const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'conformance-client', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, MCP_CONFORMANCE_SCENARIO: 'elicitation-sep1034-client-defaults', ...env },
  });

describe('elicitation-inspector conformance-client', () => {
  it('calls the server tools and accepts each form with every default applied', async () => {
    const { status, stdout } = run([`http://127.0.0.1:${target.port}/mcp`]);
    expect(stdout).toMatch(/^elicitation-sep1034-client-defaults: passed ask_with_defaults \(\d+ ms\)$/m);
    expect(status).toBe(0);
    // spawnSync held this process's event loop: the target's stderr is read once it turns again.
    await expect.poll(() => target.output()).toContain('RECEIVED accept {"name":"Ada","age":36,"ratio":0.5,"tier":"pro","isVerified":true}');
  });

  it('calls what MCP_CONFORMANCE_CONTEXT names, at the revision named; a server that answers with an error is not the client failing', () => {
    const context = JSON.stringify({ toolCalls: [{ name: 'no_such_tool', arguments: { a: 1 } }] });
    for (const revision of ['2026-07-28', '2025-11-25']) {
      const { status, stdout } = run([`http://127.0.0.1:${target.port}/mcp`], { MCP_CONFORMANCE_CONTEXT: context, MCP_CONFORMANCE_PROTOCOL_VERSION: revision });
      expect(stdout).toMatch(/^elicitation-sep1034-client-defaults: (answered with an error|passed) no_such_tool \(\d+ ms\)/m);
      expect(stdout).not.toContain('ask_with_defaults');
      expect(status).toBe(0);
    }
  });

  it('without a URL last it is a usage error', () => {
    expect(run([]).status).toBe(2);
  });
});

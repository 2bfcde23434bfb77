/**
 * `npm run bench:audit`: the audit's pace against the demo server. Cases per
 * second for audit_careful and audit_careless on each era (connect included),
 * and the audit's cost per case over a bare SDK client making the same call
 * and answering the same two forms (2025-11-25, where both clients answer a
 * server request, one case at a time). Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runAudit } from '../../server/audit/audit-runner';
import { baselineContent } from '../../server/audit/case-answers';
import { SessionRegistry } from '../../server/registry/session-registry';
import { ScenarioSchema } from '../../server/wire/scenario';
import { demoStdio } from '../support/processes';

const BARE_CALLS = 100;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const report = (what: string, value: string) => console.log(`${what.padEnd(66)} ${value}`);

/** The bare client: audit_careless on 2025-11-25, each form answered with the audit's own valid answer. */
async function bareCall(): Promise<number> {
  const client = new Client({ name: 'bench-bare', version: '1' }, { capabilities: { elicitation: { form: {} } }, supportedProtocolVersions: ['2025-11-25'] });
  client.setRequestHandler('elicitation/create', async (request) => ({
    action: 'accept',
    content: baselineContent((request.params as { requestedSchema?: unknown }).requestedSchema) as Record<string, string>,
  }));
  const { command, args } = demoStdio();
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  const t0 = performance.now();
  for (let i = 0; i < BARE_CALLS; i++) {
    const result = await client.callTool({ name: 'audit_careless', arguments: {} });
    if (result.isError) throw new Error('the bare client got an error result');
  }
  const perCall = (performance.now() - t0) / BARE_CALLS;
  await client.close();
  return perCall;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
  const registry = new SessionRegistry({ dataDir });
  const scenario = ScenarioSchema.parse({ server: { transport: 'stdio', ...demoStdio() }, steps: [{ call: 'audit_careful' }, { call: 'audit_careless' }] });
  let legacyPerCase = 0;
  try {
    for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
      // The late answer waits out half the deadline on a server that never gives up: a wait, not work.
      const [run] = await runAudit(scenario, { registry, protocols: [protocol], skip: new Set(['answer-after-cancel']) });
      const perCase = run.cases.reduce((sum, c) => sum + c.durationMs, 0) / run.cases.length;
      if (protocol === '2025-11-25') legacyPerCase = perCase;
      const mode = protocol === '2026-07-28' ? '4 at a time' : 'one at a time';
      report(
        `audit, demo careful + careless, ${protocol} (${run.cases.length} cases, ${mode})`,
        `${(run.cases.length / (run.durationMs / 1000)).toFixed(1)} cases/s, ${ms(perCase)} a case`,
      );
    }
  } finally {
    await registry.closeAll('user');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bare = await bareCall();
  report(`bare SDK client, audit_careless, 2025-11-25 (${BARE_CALLS} calls)`, `${ms(bare)} a call`);
  report('audit overhead per case over the bare client (2025-11-25)', ms(legacyPerCase - bare));
}

await main();

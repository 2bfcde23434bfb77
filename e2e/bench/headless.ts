/**
 * Headless automation: 100 eliciting tool calls (confirm_order, a form each)
 * answered by a scenario's rules through the headless runner, against a bare SDK
 * client answering the same elicitations, same demo server, same revision
 * (2025-11-25, where the form is a server request both clients answer). Connect
 * and start-up are left out: only the calls are timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runScenario } from '../../server/scenarios/scenario-runner';
import { SessionRegistry } from '../../server/registry/session-registry';
import { ScenarioSchema } from '../../server/wire/scenario';
import { demoStdio } from '../support/processes';

type Report = (what: string, value: string, target?: string) => void;

const CALLS = 100;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** The bare client: answers every elicitation/create with the same content the rule gives. */
async function bareCalls(): Promise<number> {
  const client = new Client({ name: 'bench-bare', version: '1' }, { capabilities: { elicitation: { form: {} } }, supportedProtocolVersions: ['2025-11-25'] });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));
  const { command, args } = demoStdio();
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const result = await client.callTool({ name: 'confirm_order', arguments: { item: `tea ${i}` } });
    if (result.isError) throw new Error('the bare client got an error result');
  }
  const elapsed = performance.now() - t0;
  await client.close();
  return elapsed;
}

/** The headless runner: one scenario of 100 steps whose form is answered by the scenario's one rule. */
async function headlessCalls(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-headless-'));
  try {
    const scenario = ScenarioSchema.parse({
      protocol: '2025-11-25',
      rules: { rules: [{ match: { tool: 'confirm_order' }, answer: { action: 'accept', content: { confirm: true } } }] },
      steps: Array.from({ length: CALLS }, (_, i) => ({
        call: 'confirm_order',
        arguments: { item: `tea ${i}` },
        expect: { structuredContent: { confirmed: true } },
      })),
    });
    const [report] = await runScenario(scenario, { registry: new SessionRegistry({ dataDir }) });
    if (report.status !== 'passed')
      throw new Error(`the headless run did not pass: ${report.error ?? JSON.stringify(report.steps.find((s) => s.failures.length))}`);
    return report.steps.reduce((sum, step) => sum + step.durationMs, 0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function headless(report: Report): Promise<void> {
  // Alternate twice, so both see the same machine load; the faster pass of each counts.
  const bare: number[] = [];
  const runner: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    bare.push(await bareCalls());
    runner.push(await headlessCalls());
  }
  const b = Math.min(...bare);
  const h = Math.min(...runner);
  report(`headless: ${CALLS} eliciting calls, bare SDK client`, `${((CALLS / b) * 1000).toFixed(0)} calls/s, ${ms(b / CALLS)}/call`);
  report(`headless: ${CALLS} eliciting calls, answered by rules`, `${((CALLS / h) * 1000).toFixed(0)} calls/s, ${ms(h / CALLS)}/call`);
  report('  ratio, and what the runner adds per call', `${(h / b).toFixed(2)}×, +${ms((h - b) / CALLS)}`);
}

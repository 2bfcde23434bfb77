/**
 * A host on the classic SDK that launches the stdio tap in front of the demo server, recording into
 * an inspector's data folder, and counts how often its own elicitation handler was asked: the specs of
 * Hold and answer here check the host was never asked while the inspector answered in its place.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { demoStdio, ROOT } from './processes';

export type TappedHost = { host: Client; asked: () => number };

export async function connectTappedHost(dataDir: string, answer: ElicitResult): Promise<TappedHost> {
  const demo = demoStdio();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['server/bin.mjs', 'tap', '--data-dir', dataDir, '--', demo.command, ...demo.args],
    cwd: ROOT,
    stderr: 'pipe',
  });
  const host = new Client({ name: 'Holding Host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
  let asked = 0;
  host.setRequestHandler(ElicitRequestSchema, async () => {
    asked++;
    return answer;
  });
  await host.connect(transport);
  return { host, asked: () => asked };
}

/**
 * The floor the page's figures stand beside: a bare SDK client on the demo server
 * over stdio, at the revision the page's session speaks (2025-11-25, where a form
 * is a server request the client answers). Measured in the same run as the page.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { demoStdio } from '../support/processes';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median ms from callTool to the client's elicitation handler running, and of an echo round trip. */
export async function bareClientFloor(rounds = 12): Promise<{ requestSeen: number; echo: number }> {
  const client = new Client({ name: 'bench-bare', version: '1' }, { capabilities: { elicitation: { form: {} } }, supportedProtocolVersions: ['2025-11-25'] });
  let seenAt = 0;
  client.setRequestHandler('elicitation/create', async () => {
    seenAt = performance.now();
    return { action: 'cancel' };
  });
  await client.connect(new StdioClientTransport({ ...demoStdio(), stderr: 'ignore' }));
  const seen: number[] = [];
  const echo: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    const t0 = performance.now();
    await client.callTool({ name: 'collect_profile', arguments: {} });
    const t1 = performance.now();
    await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    if (i < 2) continue; // warm-up
    seen.push(seenAt - t0);
    echo.push(performance.now() - t1);
  }
  await client.close();
  return { requestSeen: median(seen), echo: median(echo) };
}

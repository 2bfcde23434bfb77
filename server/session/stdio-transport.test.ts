/**
 * The SDK internals the connect path leans on, checked against the real SDK and
 * a real server: a subclassed stdio transport is probed in place, and the tap
 * sees the probe's reply exactly once, as it sees every other message.
 */
import { Client, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import { TransportTap } from './tap';
import { isProbeClosedServer, SessionStdioTransport } from './stdio-transport';

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

function tapped(scenario: string) {
  const transport = new SessionStdioTransport({ ...targetStdio('legacy-strict', scenario), stderr: 'pipe' });
  const log: string[] = [];
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  new TransportTap(transport, {
    onOutbound: (m: JSONRPCMessage) => log.push(`out ${'method' in m ? m.method : 'response'} ${'id' in m ? String(m.id) : ''}`.trim()),
    onInbound: (m: JSONRPCMessage) => log.push(`in ${'method' in m ? m.method : 'error' in m ? 'error' : 'result'} ${'id' in m ? String(m.id) : ''}`.trim()),
  });
  client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  return { transport, log, stderr };
}

describe('SessionStdioTransport', () => {
  it('Auto probes on the one server process, and the tap logs the probe and its answer once each', async () => {
    const { transport, log, stderr } = tapped('answers-errors');
    await client!.connect(transport);
    await client!.listTools();
    expect(client!.getProtocolEra()).toBe('legacy');
    expect(log).toEqual([
      'out server/discover server-discover-probe-1',
      'in error server-discover-probe-1',
      'out initialize 0',
      'in result 0',
      'out notifications/initialized',
      'out tools/list 1',
      'in result 1',
    ]);
    expect(stderr.join('').match(/legacy-strict: started/g)).toHaveLength(1);
  });

  it('a server that exits on the probe fails the connect in words isProbeClosedServer recognises', async () => {
    const { transport } = tapped('exits-before-initialize');
    const error = await client!.connect(transport).then(() => undefined, (e: unknown) => e);
    expect(isProbeClosedServer(error)).toBe(true);
  });
});

/**
 * The connect attempts, against real stdio servers: which attempts follow a
 * failure, what Auto remembers, and what it reports.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, expect, it } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import type { Finding, LogEvent } from '../wire/events';
import { DEFAULT_SETTINGS, type SessionSettings, type Target } from '../wire/target';
import { Connector } from './connector';
import { forgetLegacy, isRememberedLegacy } from './era-memory';

const connectors: { connector: Connector; target: Target }[] = [];
afterEach(async () => {
  for (const { connector, target } of connectors.splice(0)) {
    await connector.transport?.close().catch(() => undefined); // a transport whose start was refused has nothing to close
    forgetLegacy(target);
  }
});

function connectorFor(target: Target, settings: Partial<SessionSettings> = {}, isClosing = () => false) {
  const outbound: JSONRPCMessage[] = [];
  const inbound: JSONRPCMessage[] = [];
  const stderr: string[] = [];
  const findings: (Finding & { aboutSeq?: number })[] = [];
  let seq = 0;
  const connector = new Connector({
    target,
    oauth: undefined,
    settings: () => ({ ...DEFAULT_SETTINGS, ...settings }),
    isClosing,
    onHttp: () => {},
    onStreamRequest: () => {},
    onOutbound: (message) => {
      outbound.push(message);
      return { kind: 'rpc-out', message, seq: ++seq, at: Date.now(), sessionId: 's' } satisfies LogEvent;
    },
    onInbound: (message) => {
      inbound.push(message);
      ++seq;
    },
    claim: () => false,
    childOutput: () => ({ onStderr: (line) => stderr.push(line), onStdoutText: () => {}, onStdoutDropped: () => {} }),
    onToolsChanged: () => {},
    wire: () => {},
    reportFindings: (found, _about, aboutSeq) => findings.push(...found.map((f) => ({ ...f, aboutSeq }))),
  });
  connectors.push({ connector, target });
  const methods = () => outbound.flatMap((m) => ('method' in m ? [m.method] : []));
  // A server still starting when the probe has waited PING_AFTER_MS finds a ping queued behind it, whatever it speaks.
  const methodsButPing = () => methods().filter((method) => method !== 'ping');
  return {
    connector,
    findings,
    methods,
    methodsButPing,
    inbound,
    stderr,
    seqOf: (method: string) => outbound.findIndex((m) => 'method' in m && m.method === method),
  };
}

const exitsUnderProbe: Target = { transport: 'stdio', ...targetStdio('legacy-strict', 'exits-before-initialize'), env: {} };

it('Auto on a stdio server that exits under the probe: started again, spoken to in 2025, remembered, with a finding on the probe', async () => {
  const { connector, findings, methodsButPing } = connectorFor(exitsUnderProbe);
  expect(await connector.connect()).toBeUndefined();
  expect(connector.client.getProtocolEra()).toBe('legacy');
  expect(methodsButPing().slice(0, 2)).toEqual(['server/discover', 'initialize']);
  expect(findings).toEqual([expect.objectContaining({ code: 'probe-ended-server', aboutSeq: 1 })]);
  expect(isRememberedLegacy(exitsUnderProbe)).toBe(true);

  // Remembered: the next connect sends no probe at all, and finds nothing to report.
  const again = connectorFor(exitsUnderProbe);
  expect(await again.connector.connect()).toBeUndefined();
  expect(again.methods()[0]).toBe('initialize');
  expect(again.methods()).not.toContain('server/discover');
  expect(again.findings).toEqual([]);
});

it('a pinned revision is never retried: the server exiting under the probe is the failure', async () => {
  const { connector, findings, methods } = connectorFor(exitsUnderProbe, { protocol: '2026-07-28' });
  const failure = await connector.connect();
  expect(failure?.error).toBeInstanceOf(Error);
  expect(methods()).toEqual(['server/discover']);
  expect(findings).toEqual([]);
  expect(isRememberedLegacy(exitsUnderProbe)).toBe(false);
});

it('a session closing before it connects starts no process and tries nothing else', async () => {
  const { connector, methods } = connectorFor(exitsUnderProbe, {}, () => true);
  const failure = await connector.connect();
  expect(String(failure?.error)).toContain('closed before the connection was opened');
  expect(methods()).toEqual([]);
  expect(connector.child.exit).toBeUndefined();
});

it('Auto on a stdio server that answers the probe without 2026-07-28: spoken to in 2025, and its Reconnect sends no probe', async () => {
  const classic: Target = { transport: 'stdio', ...targetStdio('v1-classic'), env: {} };
  const { connector, findings, methodsButPing } = connectorFor(classic);
  expect(await connector.connect()).toBeUndefined();
  expect(connector.client.getProtocolEra()).toBe('legacy');
  expect(methodsButPing().slice(0, 2)).toEqual(['server/discover', 'initialize']);
  // The server did nothing wrong: it answered "method not found", as it should.
  expect(findings).toEqual([]);
  expect(isRememberedLegacy(classic)).toBe(true);
  await connector.transport.close();

  const again = connectorFor(classic);
  expect(await again.connector.connect()).toBeUndefined();
  expect(again.connector.client.getProtocolEra()).toBe('legacy');
  expect(again.methods()[0]).toBe('initialize');
  expect(again.methods()).not.toContain('server/discover');
});

it('Auto on a stdio server that ignores the probe but answers a ping: initialize follows on the same process, without waiting out the probe', async () => {
  const ignores: Target = { transport: 'stdio', ...targetStdio('legacy-strict', 'ignores-discover'), env: {} };
  const { connector, findings, methods, inbound, stderr } = connectorFor(ignores);
  expect(await connector.connect()).toBeUndefined();
  expect(connector.client.getProtocolEra()).toBe('legacy');
  expect(methods().slice(0, 3)).toEqual(['server/discover', 'ping', 'initialize']);
  // The server's answer to the ping is logged; nothing answers the probe, in the log or out of it.
  expect(inbound[0]).toEqual({ jsonrpc: '2.0', id: 'ping-before-initialize-1', result: {} });
  expect(inbound.filter((m) => 'id' in m && m.id === 'server-discover-probe-1')).toEqual([]);
  expect(findings).toEqual([expect.objectContaining({ code: 'probe-unanswered', aboutSeq: 1, message: expect.stringContaining('answered a ping but never') })]);
  expect(stderr.filter((line) => line.startsWith('legacy-strict: started'))).toHaveLength(1);
  expect(isRememberedLegacy(ignores)).toBe(true);
  await connector.client.listTools(); // the SDK's session works on, on that process
});

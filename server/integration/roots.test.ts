/**
 * Roots through the real proxy: the list a connection declares answers the demo
 * server's roots/list (pushed on 2025-11-25, an input request on 2026-07-28),
 * editing it while connected sends notifications/roots/list_changed, and a
 * server that asks for roots the client did not declare gets a finding.
 */
import { describe, expect, it } from 'vitest';
import { resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio, targetStdio } from '../../e2e/support/processes';

const suite = inspectorSuite();
const PROJECT = { uri: 'file:///home/ada/project', name: 'project' };
const NOTES = { uri: 'file:///home/ada/notes' };

describe.each(['2025-11-25', '2026-07-28'] as const)('roots on %s', (protocol) => {
  it('the declared list answers roots/list; an edit is announced and answers the next request', async () => {
    const roots = { enabled: true, list: [PROJECT] };
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol, roots });
    const connecting = suite.client.of('session-state').find((e) => e.state === 'connecting');
    expect(connecting?.clientCapabilities).toMatchObject({ roots: { listChanged: true } });

    const first = await suite.client.call(sessionId, 'list_roots');
    expect(resultText(await first.end)).toBe('list_roots: 1 root: project file:///home/ada/project');

    await suite.client.send('set-roots', { sessionId, roots: [PROJECT, NOTES] });
    // The command's reply can arrive before its action entry reaches this client: wait for the entry.
    await suite.client.waitForEvent('action', (e) => e.action === 'set-roots', 0, 15_000);
    const announced = () => suite.client.of('rpc-out').filter((e) => e.message.method === 'notifications/roots/list_changed');
    if (protocol === '2025-11-25') {
      await suite.client.waitFor(() => announced()[0], 15_000, 'notifications/roots/list_changed');
      expect(
        suite.client
          .of('action')
          .filter((e) => e.action === 'set-roots')
          .map((e) => e.detail),
      ).toEqual(['2 roots']);
    } else {
      // 2026-07-28 has no such notification: the next round's input request carries the news.
      expect(announced()).toEqual([]);
      expect(
        suite.client
          .of('action')
          .filter((e) => e.action === 'set-roots')
          .map((e) => e.detail),
      ).toEqual(['2 roots; not announced (2026-07-28 has no roots/list_changed)']);
    }
    expect(suite.client.of('proxy-error')).toEqual([]);
    const second = await suite.client.call(sessionId, 'list_roots');
    expect(resultText(await second.end)).toBe('list_roots: 2 roots: project file:///home/ada/project, file:///home/ada/notes');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a server that asks for roots the client did not declare gets a finding, and no roots', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('client-requests') }, { protocol });
    expect(suite.client.of('session-state').find((e) => e.state === 'connecting')?.clientCapabilities).not.toHaveProperty('roots');
    const { end } = await suite.client.call(sessionId, 'ask_roots');
    const text = resultText(await end);
    // 2025: the SDK refuses the push (method not found); 2026: the input request is left out of the retry.
    expect(text).toEqual(protocol === '2025-11-25' ? expect.stringMatching(/^ask_roots: .*-32601/) : 'ask_roots: "left out"');
    const findings = suite.client.of('finding').filter((f) => f.code === 'undeclared-request');
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toMatch(/roots\/list.*did not declare the "roots" capability/);
    await suite.client.send('disconnect', { sessionId });
  });
});

it('set-roots is refused on a connection that does not declare roots, and nothing is sent', async () => {
  const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' });
  await expect(suite.client.send('set-roots', { sessionId, roots: [PROJECT] })).rejects.toThrow(/does not declare roots/);
  await expect(suite.client.send('set-roots', { sessionId, roots: [{ uri: 'https://example.com' }] })).rejects.toThrow(/file:\/\/ URI/);
  expect(suite.client.of('rpc-out').filter((e) => e.message.method === 'notifications/roots/list_changed')).toEqual([]);
  await suite.client.send('disconnect', { sessionId });
});

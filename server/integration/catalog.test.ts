/**
 * Prompts and resources through the real proxy, against the demo server: each list
 * in a reply, and prompts/get and resources/read run as calls by the call runner, so
 * their form (a round on 2026-07-28, a pushed elicitation/create on 2025-11-25) is
 * answered like a tool's.
 */
import { describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio, targetStdio } from '../../e2e/support/processes';

const suite = inspectorSuite();

describe.each(['2025-11-25', '2026-07-28'] as const)('prompts and resources on %s', (protocol) => {
  it('lists them, and a prompt and a template read ask first and end with their result', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol });
    const prompts = await suite.client.send('list-catalog', { sessionId, kind: 'prompts' });
    expect(prompts.prompts).toContainEqual(
      expect.objectContaining({
        name: 'write_announcement',
        arguments: [expect.objectContaining({ name: 'topic', required: true }), expect.objectContaining({ name: 'audience' })],
      }),
    );
    const resources = await suite.client.send('list-catalog', { sessionId, kind: 'resources' });
    expect(resources.resources?.map((r) => r.uri)).toEqual(['demo://readme', 'demo://dot.png', 'ui://demo/choose-plan', 'ui://demo/hostile-plan']);
    const templates = await suite.client.send('list-catalog', { sessionId, kind: 'resource-templates' });
    expect(templates.resourceTemplates?.map((t) => t.uriTemplate)).toEqual(['demo://notes/{name}']);

    const { callId } = await suite.client.send('get-prompt', { sessionId, name: 'write_announcement', arguments: { topic: 'tea' } });
    const tone = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    await suite.client.send('answer-elicitation', { sessionId, key: tone.key, action: 'accept', content: { tone: 'friendly' } });
    const prompt = await suite.client.waitForEvent('call-end', (e) => e.callId === callId, 0, 30_000);
    expect(prompt.result?.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Write a friendly announcement about tea.' } }]);
    expect(suite.client.of('call-start').find((e) => e.callId === callId)).toMatchObject({ method: 'prompts/get', name: 'write_announcement' });

    const read = await suite.client.send('read-resource', { sessionId, uri: 'demo://notes/n1' });
    const reveal = await suite.client.waitForEvent('elicitation', (e) => e.callId === read.callId);
    expect(reveal.origin.kind).toBe(protocol === '2026-07-28' ? 'mrtr' : 'push');
    await suite.client.send('answer-elicitation', { sessionId, key: reveal.key, action: 'decline' });
    const note = await suite.client.waitForEvent('call-end', (e) => e.callId === read.callId, 0, 30_000);
    expect(note.result?.contents).toEqual([{ uri: 'demo://notes/n1', mimeType: 'text/plain', text: 'secret_note n1: not shown' }]);
  });
});

it('a prompt argument keeps the title the server gave it (the SDK drops it)', async () => {
  const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('paged-catalog') }, { protocol: '2025-11-25' });
  const page = await suite.client.send('list-catalog', { sessionId, kind: 'prompts' });
  expect(page.prompts?.[0]?.arguments).toEqual([
    { name: 'topic', title: 'Topic', required: true },
    { name: 'tone', title: 'Tone', description: 'How it should sound' },
  ]);
  await suite.client.send('disconnect', { sessionId });
});

it('a list asked for a session that does not exist is refused, saying so', async () => {
  await expect(suite.client.send('list-catalog', { sessionId: 'nope', kind: 'prompts' })).rejects.toThrow(/No session nope/);
});

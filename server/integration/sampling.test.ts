/**
 * Sampling through the real proxy: a sampling/createMessage waits in the broker
 * like an elicitation (pushed on 2025-11-25, an input request on 2026-07-28); a
 * reply goes back as the result, a refusal as the spec's error (2025) or an
 * absent key (2026); a rule that names sampling answers it; malformed and
 * undeclared requests get findings.
 */
import { describe, expect, it } from 'vitest';
import { resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio, targetStdio } from '../../e2e/support/processes';

const suite = inspectorSuite();
const REPLY = { role: 'assistant', content: { type: 'text', text: 'Teal.' }, model: 'test-model', stopReason: 'endTurn' };

async function pendingSampling(sessionId: string, afterSeq = 0) {
  return suite.client.waitForEvent('elicitation', (e) => e.sessionId === sessionId && e.mode === 'sampling', afterSeq, 30_000);
}

describe.each(['2025-11-25', '2026-07-28'] as const)('sampling on %s', (protocol) => {
  it('waits for an answer; a checked reply is the result, a decline refuses it', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol, sampling: { enabled: true } });
    expect(suite.client.of('session-state').find((e) => e.state === 'connecting')?.clientCapabilities).toMatchObject({ sampling: {} });
    const first = await suite.client.call(sessionId, 'ask_model');
    const asked = await pendingSampling(sessionId);
    expect(asked.params).toMatchObject({ systemPrompt: 'You are a terse design assistant.', maxTokens: 100 });
    expect(asked.findings ?? []).toEqual([]);
    await expect(suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'accept', content: { text: 'no' } })).rejects.toThrow(
      /not a sampling result/,
    );
    await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'accept', content: REPLY });
    expect(resultText(await first.end)).toBe('ask_model: test-model said "Teal."');

    const second = await suite.client.call(sessionId, 'ask_model');
    const again = await pendingSampling(sessionId, asked.seq);
    await suite.client.send('answer-elicitation', { sessionId, key: again.key, action: 'decline' });
    const end = await second.end;
    if (protocol === '2025-11-25') expect(JSON.stringify(end)).toMatch(/User rejected sampling request/);
    else expect(resultText(end)).toBe('ask_model: the client did not reply');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a rule that names sampling answers it; a rule without a mode leaves it to a person', async () => {
    const rules = { rules: [{ answer: { action: 'decline' as const } }] };
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol, sampling: { enabled: true }, rules });
    const held = await suite.client.call(sessionId, 'ask_model');
    const asked = await pendingSampling(sessionId);
    expect(suite.client.of('rule-match')).toEqual([]);
    await suite.client.send('cancel-call', { sessionId, callId: held.callId });
    await held.end;
    await suite.client.send('set-rules', { sessionId, rules: { rules: [{ match: { mode: 'sampling' }, answer: { action: 'accept', content: REPLY } }] } });
    const answered = await suite.client.call(sessionId, 'ask_model');
    expect(resultText(await answered.end)).toBe('ask_model: test-model said "Teal."');
    expect(suite.client.of('action').filter((a) => a.actor === 'rule' && a.key !== asked.key)).toEqual([
      expect.objectContaining({ action: 'accept', content: REPLY }),
    ]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a message content type the spec does not know is a finding on the request, which shows; on 2025 the server gets a short -32602 naming the field', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('client-requests') }, { protocol, sampling: { enabled: true } });
    const call = await suite.client.call(sessionId, 'hologram_sampling');
    const asked = await pendingSampling(sessionId);
    expect(asked.callId).toBe(call.callId);
    expect(asked.findings?.map((f) => f.message)).toEqual([
      'messages[0].content.type is "hologram", which is not a sampling content type (text, image, audio, tool_use, tool_result).',
    ]);
    if (protocol === '2026-07-28') {
      await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'decline' });
      expect(resultText(await call.end)).toBe('hologram_sampling: "left out"');
    } else {
      const end = await suite.client.waitForEvent('elicitation-end', (e) => e.key === asked.key, asked.seq, 15_000);
      expect(end).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('messages[0].content.type') });
      const text = resultText(await call.end);
      expect(text).toBe(
        'hologram_sampling: {"code":-32602,"message":"Invalid sampling request: messages[0].content.type is \\"hologram\\", which is not a sampling content type (text, image, audio, tool_use, tool_result)."}',
      );
    }
    await suite.client.send('disconnect', { sessionId });
  });

  it('a malformed request gets findings; an undeclared one gets undeclared-request', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('client-requests') }, { protocol, sampling: { enabled: true } });
    const bad = await suite.client.call(sessionId, 'bad_sampling');
    const codes = () => suite.client.of('finding').map((f) => f.code);
    await suite.client.waitFor(() => codes().includes('sampling-max-tokens-malformed'), 15_000, 'sampling findings');
    expect(codes()).toEqual(expect.arrayContaining(['sampling-messages-malformed', 'sampling-max-tokens-malformed']));
    if (protocol === '2026-07-28') {
      const asked = await pendingSampling(sessionId);
      await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'decline' });
    }
    await bad.end;
    await suite.client.send('disconnect', { sessionId });

    const undeclaredId = await suite.client.open({ transport: 'stdio', ...targetStdio('client-requests') }, { protocol });
    const undeclared = await suite.client.call(undeclaredId, 'ask_sampling');
    await undeclared.end;
    expect(
      suite.client
        .of('finding')
        .filter((f) => f.code === 'undeclared-request')
        .map((f) => f.message),
    ).toEqual([expect.stringMatching(/sampling\/createMessage.*did not declare the "sampling" capability/)]);
    await suite.client.send('disconnect', { sessionId: undeclaredId });
  });
});

/**
 * File inputs (SEP-2356) with wildcard `accept` entries, through the real proxy and a real SDK
 * server: `*` + `/*` takes any type (the size check still holds), `image/*` any image and nothing
 * else, and entries outside the HTML accept grammar are ignored with a finding.
 */
import { describe, expect, it } from 'vitest';
import { resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { targetStdio } from '../../e2e/support/processes';

const suite = inspectorSuite();
const target = () => ({ transport: 'stdio' as const, ...targetStdio('file-accept') });

async function ask(tool: string) {
  const sessionId = await suite.client.open(target(), { protocol: '2026-07-28', proposals: { fileInputs: true } });
  const { callId, end } = await suite.client.call(sessionId, tool);
  const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
  const answer = (file: string) => suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { file } });
  const findings = () => suite.client.of('finding').filter((f) => f.sessionId === sessionId && f.code.startsWith('file-input'));
  return { sessionId, end, answer, findings };
}

describe('wildcard accept entries (SEP-2356)', () => {
  it('*/* accepts a file of any type, and maxSize still refuses one too large', async () => {
    const { sessionId, end, answer, findings } = await ask('any_file');
    await expect(answer('data:application/x-unknown;base64,AAAAAAAAAAAAAAAAAAAAAAAA')).rejects.toThrow(/file is 18 bytes, more than maxSize 16/);
    await answer('data:application/x-unknown;base64,AAAA');
    expect(resultText(await end)).toBe('any_file: data:application/x-unknown;base64,');
    expect(findings()).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('image/* accepts any image and refuses anything else', async () => {
    const { sessionId, end, answer } = await ask('any_image');
    await expect(answer('data:text/plain,hello')).rejects.toThrow(/file has media type text\/plain, which accept \(image\/\*\) does not allow/);
    await answer('data:IMAGE/GIF;base64,R0lGODlh');
    expect(resultText(await end)).toBe('any_image: data:IMAGE/GIF;base64,');
    await suite.client.send('disconnect', { sessionId });
  });

  it('entries HTML ignores are ignored with a finding, and with none left any file goes', async () => {
    const { sessionId, end, answer, findings } = await ask('odd_accept');
    expect(findings().map((f) => `${f.code} ${f.message}`)).toEqual([
      'file-input-accept-ignored Field `file` accepts "*", "image/", which are not a media type, a type/* wildcard, */* or a .ext: ignored, so any file is accepted.',
    ]);
    await answer('data:text/plain,hello');
    expect(resultText(await end)).toBe('odd_accept: data:text/plain,');
    await suite.client.send('disconnect', { sessionId });
  });
});

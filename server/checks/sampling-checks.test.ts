import { describe, expect, it } from 'vitest';
import { checkSamplingParams, samplingRefusal, samplingResultProblems } from './sampling-checks';

const HELLO = { role: 'user', content: { type: 'text', text: 'Say hello' } };

describe('sampling requests', () => {
  it('a well-formed request has no findings', () => {
    expect(checkSamplingParams({ messages: [HELLO], maxTokens: 50 })).toEqual([]);
  });

  it('malformed messages and maxTokens are each named', () => {
    const codes = (params: Record<string, unknown>) => checkSamplingParams(params).map((f) => f.code);
    expect(codes({ messages: 'hello', maxTokens: -5 })).toEqual(['sampling-messages-malformed', 'sampling-max-tokens-malformed']);
    expect(codes({ messages: [], maxTokens: 1.5 })).toEqual(['sampling-messages-malformed', 'sampling-max-tokens-malformed']);
    expect(checkSamplingParams({ messages: [HELLO, { role: 'system', content: 'x' }] })[0]?.message).toBe(
      'messages[1] is not a { role: "user" | "assistant", content } message.',
    );
    expect(checkSamplingParams({ messages: [HELLO] })[0]?.message).toMatch(/maxTokens.*it is missing/);
  });

  it('a content type the spec does not know is named by its field, in a single block or a list', () => {
    const hologram = { type: 'hologram', data: 'x' };
    expect(checkSamplingParams({ messages: [HELLO, { role: 'user', content: hologram }], maxTokens: 5 })[0]?.message).toBe(
      'messages[1].content.type is "hologram", which is not a sampling content type (text, image, audio, tool_use, tool_result).',
    );
    expect(checkSamplingParams({ messages: [{ role: 'user', content: [HELLO.content, {}] }], maxTokens: 5 })[0]?.message).toMatch(
      /^messages\[0\]\.content\[1\]\.type is missing,/,
    );
  });

  it('the SDK would refuse it: the refusal is one line naming the field; a well-formed request is not refused', () => {
    expect(samplingRefusal({ messages: [{ role: 'user', content: { type: 'hologram' } }], maxTokens: 5 })).toBe(
      'Invalid sampling request: messages[0].content.type is "hologram", which is not a sampling content type (text, image, audio, tool_use, tool_result).',
    );
    expect(samplingRefusal({ messages: [HELLO], maxTokens: 50 })).toBeUndefined();
  });
});

describe('sampling results', () => {
  it('a reply with role, content and model passes; one without a model says so', () => {
    expect(samplingResultProblems({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' })).toEqual([]);
    expect(samplingResultProblems({ role: 'assistant', content: { type: 'text', text: 'hi' } }).join('; ')).toMatch(/model/);
  });
});

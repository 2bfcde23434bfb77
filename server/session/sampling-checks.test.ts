import { describe, expect, it } from 'vitest';
import { checkSamplingParams, samplingResultProblems } from './sampling-checks';

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
});

describe('sampling results', () => {
  it('a reply with role, content and model passes; one without a model says so', () => {
    expect(samplingResultProblems({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' })).toEqual([]);
    expect(samplingResultProblems({ role: 'assistant', content: { type: 'text', text: 'hi' } }).join('; ')).toMatch(/model/);
  });
});

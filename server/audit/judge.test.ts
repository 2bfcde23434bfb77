import { describe, expect, it } from 'vitest';
import { judgeCase, type CaseObservation } from './judge';

const toolError = (text: string): CaseObservation => ({
  end: { outcome: 'result', result: { content: [{ type: 'text', text }], isError: true } },
  askedAgain: false,
  wentOn: false,
});

describe('judgeCase', () => {
  it("takes a runtime error's message passed on as a tool error for a crash, not a refusal", () => {
    // What the SDKs send when a tool handler throws: the message alone, no stack.
    for (const text of [
      "Cannot read properties of null (reading 'trim')",
      'TypeError: content.count.toFixed is not a function',
      'Traceback (most recent call last):\n  File "server.py", line 3\nKeyError: \'name\'',
      "'NoneType' object has no attribute 'strip'",
      // Babel's and TypeScript's helpers, in a server built for an older runtime.
      'Invalid attempt to destructure non-iterable instance.\nIn order to be iterable, non-array objects must have a [Symbol.iterator]() method.',
    ])
      expect(judgeCase('refuse', { value: null }, toolError(text)), text).toMatchObject({ verdict: 'broke', reason: expect.stringContaining('runtime error') });
  });

  it('takes a tool error that says what was wrong for a refusal', () => {
    for (const text of ['count must be a number', 'Invalid arguments: name is required', 'the type of plan is not allowed'])
      expect(judgeCase('refuse', { value: null }, toolError(text)), text).toEqual({ verdict: 'refused', reason: 'a tool error' });
  });

  it("judges half a megabyte made of the crash messages' first words, every one left unfinished, as a refusal", () => {
    // Each pattern reads a bounded stretch after its first words: unbounded, this text took a minute a pattern.
    for (const words of [
      'Class constructor ',
      'Cannot add property ',
      'Cannot set property ',
      'Iterator result ',
      'argument must be of type ',
      'at ',
      "Cannot destructure property '",
    ]) {
      const text = words.repeat(Math.ceil(512_000 / words.length));
      expect(judgeCase('refuse', { value: null }, toolError(text)), words).toEqual({ verdict: 'refused', reason: 'a tool error' });
    }
  }, 60_000);
});

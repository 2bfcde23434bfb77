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

  // A stack frame's first parts, many "(" in reach of each "at ", and no frame: an unbounded path made each
  // "(" try every length of the rest of the text (6.6 s at 100 KB). The bounded patterns and the 64 KB the
  // judge reads take milliseconds at any size; the test's timeout is only what fails a judge that does not.
  const hostile = (bytes: number) => {
    const head = 'at '.repeat(160) + '(/'.repeat(250);
    return head + 'a'.repeat(bytes - head.length);
  };

  it.each([
    ['100 KB', 100_000],
    ['1 MB', 1_000_000],
    ['8 MB', 8_000_000],
  ])(
    "judges %s of a stack frame's first parts, with no frame in them, as a refusal",
    (_size, bytes) => {
      expect(judgeCase('refuse', { value: null }, toolError(hostile(bytes)))).toEqual({ verdict: 'refused', reason: 'a tool error' });
      const error: CaseObservation = { end: { outcome: 'error', error: { code: -32603, message: hostile(bytes) } }, askedAgain: false, wentOn: false };
      expect(judgeCase('refuse', { value: null }, error)).toEqual({ verdict: 'refused', reason: 'a JSON-RPC error (-32603)' });
    },
    30_000,
  );

  it('still finds the crash that starts 8 MB that came back', () => {
    const text = `TypeError: plan.trim is not a function\n    at signUp (/srv/tools.js:12:5)\n${'a'.repeat(8_000_000)}`;
    expect(judgeCase('refuse', { value: null }, toolError(text))).toEqual({ verdict: 'broke', reason: 'what came back carries a stack trace' });
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonText } from './json-text';

const problem = (text: string, isJsonc = false) => {
  const result = parseJsonText(text, { isJsonc });
  if (result.ok) throw new Error(`read as valid: ${text}`);
  return result.problem;
};

describe('parseJsonText', () => {
  it('reads what JSON.parse reads, to the same value', () => {
    const text = '\uFEFF{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9\\"", {}], "__proto__": {"b": 1}}';
    const result = parseJsonText(text);
    expect(result).toEqual({ ok: true, value: JSON.parse(text.slice(1)) as unknown });
  });

  it.each([
    ['a trailing comma in an array', '{\n  "steps": [\n    { "call": "a" },\n  ]\n}', 3, 20, 'trailing comma: nothing follows it in the array'],
    ['a trailing comma in an object', '{ "a": 1, }', 1, 9, 'trailing comma: nothing follows it in the object'],
    ['the end of the file', '{"steps": [', 1, 12, 'unexpected end of file: the array opened at line 1, column 11 is not closed'],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}' after a property, found '\"'"],
    ['a comment', '{\n  // note\n  "a": 1\n}', 2, 3, 'a comment: JSON has none'],
    ['single quotes', "{'a': 1}", 1, 2, 'property names take double quotes, not single'],
    ['an unclosed string', '{"a": "b\n}', 1, 9, 'this string is not closed before the end of the line'],
    ['a leading zero', '[01]', 1, 2, 'not a number JSON can write (no leading zeros, a digit on each side of the point)'],
    ['text after the value', '{} x', 1, 4, "unexpected 'x' after the end of the value"],
    ['an empty file', '  \n', 2, 1, 'the file is empty'],
  ])('says where and why: %s', (_name, text, line, column, reason) => {
    expect(problem(text)).toEqual({ line, column, reason });
  });

  it('reads JSONC when asked: comments and trailing commas, positions still the file’s', () => {
    expect(parseJsonText('{\n  // a server\n  "a": [1, 2,], /* b */\n}', { isJsonc: true })).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(problem('{\n  /* open\n', true)).toEqual({ line: 2, column: 3, reason: 'unexpected end of file: this comment is not closed' });
  });

  it('refuses a file nested too deep with a reason, never a stack overflow', () => {
    const deep = '['.repeat(200_000);
    expect(problem(deep).reason).toBe(`nested more than ${MAX_JSON_DEPTH} deep`);
    expect(problem(`${'['.repeat(50_000)}1,${']'.repeat(50_000)}`, true).reason).toBe(`nested more than ${MAX_JSON_DEPTH} deep`);
  });

  it('reads a broken 10 MB file in a few times what JSON.parse takes (the figure is printed, not asserted)', () => {
    const steps = Array.from({ length: 40_000 }, (_, i) => ({
      call: `tool_${i}`,
      arguments: { text: `some words, "quoted", é ${i}`, n: i * 1.5, on: i % 2 === 0, none: null },
      elicitations: [{ answer: { action: 'accept', content: { name: 'Ada', guests: [1, 2, 3] } } }],
    }));
    const text = JSON.stringify({ steps }, null, 2);
    expect(text.length).toBeGreaterThan(10_000_000);
    const broken = `${text.slice(0, -2)},\n}`; // a trailing comma at the very end: JSON.parse, then the reader, each go through it all
    const time = (run: () => void) => {
      const start = performance.now();
      run();
      return performance.now() - start;
    };
    const native = Math.min(...[1, 2].map(() => time(() => JSON.parse(text))));
    const ours = Math.min(...[1, 2].map(() => time(() => expect(problem(broken).reason).toMatch(/^trailing comma/))));
    const jsonc = Math.min(...[1, 2].map(() => time(() => expect(parseJsonText(broken, { isJsonc: true }).ok).toBe(true))));
    console.log(
      `10 MB: JSON.parse ${native.toFixed(0)} ms; a broken file (JSON.parse, then the positional reader) ${ours.toFixed(0)} ms, ${(ours / native).toFixed(1)}×; ` +
        `read whole as JSONC ${jsonc.toFixed(0)} ms, ${(jsonc / native).toFixed(1)}×`,
    );
  });
});

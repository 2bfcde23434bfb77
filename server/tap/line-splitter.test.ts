import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter';

function split(chunks: (string | Buffer)[], maxLineBytes?: number) {
  const lines: string[] = [];
  const overlong: number[] = [];
  const splitter = new LineSplitter({ onLine: (t) => lines.push(t), onOverlong: (n) => overlong.push(n) }, maxLineBytes);
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  splitter.end();
  return { lines, overlong };
}

describe('LineSplitter', () => {
  it('cuts at newlines wherever the chunks fall, a CRLF and a last line without newline included', () => {
    expect(split(['{"a":1}\n{"b"', ':2}\r\n', '\n{"c":3}']).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('joins a character split between chunks', () => {
    const bytes = Buffer.from('"🙂"\n');
    expect(split([bytes.subarray(0, 3), bytes.subarray(3)]).lines).toEqual(['"🙂"']);
  });

  it('counts a line over its budget instead of keeping it, and goes on with the next', () => {
    expect(split(['x'.repeat(6), 'x'.repeat(6), '\nok\n'], 10)).toEqual({ lines: ['ok'], overlong: [12] });
  });
});

import { describe, expect, it } from 'vitest';
import { checkOutcome, partialMismatch, resultText, type StepObservation } from './outcome-checks';

const result = (text: string, extra: Record<string, unknown> = {}): StepObservation => ({
  end: { outcome: 'result', result: { content: [{ type: 'text', text }], ...extra } },
  rounds: 0,
  findingCodes: [],
});

describe('outcome checks', () => {
  it('a result that meets every expectation gives no failure', () => {
    const seen = { ...result('plan_trip: booked', { structuredContent: { seat: 'window', extra: 1 } }), rounds: 2, findingCodes: ['x'] };
    expect(
      checkOutcome(
        { text: { contains: 'booked' }, structuredContent: { seat: 'window' }, isError: false, rounds: 2, findings: { raised: ['x'], absent: ['y'] } },
        seen,
      ),
    ).toEqual([]);
  });

  it('text contains, equals and pattern each say what was expected and what came', () => {
    expect(checkOutcome({ text: { contains: 'booked' } }, result('declined'))).toEqual([
      { expectation: 'text contains', expected: '"booked"', actual: '"declined"' },
    ]);
    expect(checkOutcome({ text: { equals: 'a' } }, result('b'))[0]).toMatchObject({ expectation: 'text equals', expected: '"a"', actual: '"b"' });
    expect(checkOutcome({ text: { pattern: '^book(ed)?$' } }, result('booked'))).toEqual([]);
    expect(checkOutcome({ text: { pattern: '^x' } }, result('booked'))[0]).toMatchObject({ expectation: 'text pattern' });
  });

  it('a text pattern RE2 cannot run fails as such instead of running on a backtracking engine', () => {
    const [failure] = checkOutcome({ text: { pattern: '(a)\\1' } }, result('aa'));
    expect(failure.actual).toMatch(/cannot run/);
  });

  it('structuredContent is matched partially, naming the first path that differs', () => {
    const seen = result('', { structuredContent: { item: 'tea', nested: { a: 1, b: [1, 2] } } });
    expect(checkOutcome({ structuredContent: { nested: { b: [1, 2] } } }, seen)).toEqual([]);
    expect(checkOutcome({ structuredContent: { nested: { a: 2 } } }, seen)).toEqual([
      { expectation: 'structuredContent', expected: 'structuredContent.nested.a = 2', actual: 'structuredContent.nested.a = 1' },
    ]);
    expect(partialMismatch({ a: 1 }, undefined, 'structuredContent')).toEqual({ expected: 'structuredContent: an object', actual: 'nothing' });
  });

  it('structuredContentSchema is checked with ajv', () => {
    const seen = result('', { structuredContent: { item: 3 } });
    const [failure] = checkOutcome({ structuredContentSchema: { type: 'object', properties: { item: { type: 'string' } } } }, seen);
    expect(failure).toMatchObject({ expectation: 'structuredContentSchema' });
    expect(failure.actual).toMatch(/item/);
    expect(checkOutcome({ structuredContentSchema: { type: 'object' } }, result('x'))[0].actual).toBe('no structuredContent');
  });

  it('a call that did not return a result fails even with no outcome expectation, saying how it ended', () => {
    const seen: StepObservation = { end: { outcome: 'error', error: { code: -32602, message: 'bad args' } }, rounds: 0, findingCodes: [] };
    expect(checkOutcome({}, seen)).toEqual([{ expectation: 'outcome', expected: 'result', actual: 'error (-32602: bad args)' }]);
    expect(checkOutcome({ errorCode: -32602 }, seen)).toEqual([]);
    expect(checkOutcome({ errorCode: -32601 }, seen)[0]).toMatchObject({ expected: '-32601', actual: '-32602: bad args' });
    expect(checkOutcome({ outcome: 'timeout' }, seen)[0]).toMatchObject({ expectation: 'outcome', expected: 'timeout' });
  });

  it('isError, rounds and findings raised or absent', () => {
    const seen = { ...result('x', { isError: true }), rounds: 1, findingCodes: ['form-asks-for-secret'] };
    const expectations = { isError: false, rounds: 2, findings: { raised: ['schema-nested-object', 'nested-schema'], absent: ['form-asks-for-secret'] } };
    expect(checkOutcome(expectations, seen)).toEqual([
      { expectation: 'isError', expected: 'false', actual: 'true' },
      { expectation: 'rounds', expected: '2', actual: '1' },
      { expectation: 'finding raised', expected: 'schema-nested-object (docs/findings.md#schema-nested-object)', actual: 'findings form-asks-for-secret' },
      {
        expectation: 'finding raised',
        expected: 'nested-schema, a code this version never raises (docs/findings.md lists them)',
        actual: 'findings form-asks-for-secret',
      },
      { expectation: 'finding absent', expected: 'no form-asks-for-secret', actual: 'form-asks-for-secret' },
    ]);
  });

  it('a huge actual value is cut in the report', () => {
    const [failure] = checkOutcome({ text: { equals: 'a' } }, result('b'.repeat(100_000)));
    expect(failure.actual.length).toBeLessThan(400);
    expect(failure.actual).toMatch(/100002 characters/);
  });

  it('reads the text of tools, prompts and resources', () => {
    expect(resultText({ content: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }] })).toBe('a\nb');
    expect(resultText({ messages: [{ role: 'user', content: { type: 'text', text: 'p' } }] })).toBe('p');
    expect(resultText({ contents: [{ uri: 'x', text: 'r' }] })).toBe('r');
    expect(resultText(undefined)).toBe('');
  });
});

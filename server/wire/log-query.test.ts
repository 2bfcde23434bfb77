import { describe, expect, it } from 'vitest';
import { matchesQuery, parseLogQuery, type EntryFacts } from './log-query';

const request: EntryFacts = {
  kind: 'rpc-out',
  method: 'tools/call',
  direction: 'out',
  outcome: 'pending',
  callId: 'c3',
  text: () => '{"method":"tools/call","params":{"name":"plan trip"}}',
};
const slowResponse: EntryFacts = {
  kind: 'rpc-in',
  method: 'tools/call',
  direction: 'in',
  outcome: 'ok',
  latencyMs: 812,
  callId: 'c3',
  text: () => '{"result":{}}',
};
const failedHttp: EntryFacts = { kind: 'http', direction: 'out', outcome: 'error', httpStatus: 404, latencyMs: 20, text: () => '{"url":"https://x.test/mcp"}' };
const stderr: EntryFacts = { kind: 'stderr', direction: 'in', text: () => '{"text":"listening on 3001"}' };
const elicitation: EntryFacts = { kind: 'elicitation', direction: 'in', callId: 'c12', text: () => '{"key":"e1"}' };

function matching(query: string, entries = [request, slowResponse, failedHttp, stderr, elicitation]): string[] {
  const parsed = parseLogQuery(query);
  expect(parsed.problems).toEqual([]);
  return entries.filter((facts) => matchesQuery(parsed, facts)).map((facts) => facts.kind);
}

describe('the log query', () => {
  it('matches every entry when empty', () => {
    expect(matching('  ')).toHaveLength(5);
  });

  it('filters by method, kind, direction and call', () => {
    expect(matching('method:tools/call')).toEqual(['rpc-out', 'rpc-in']);
    expect(matching('kind:elicitation')).toEqual(['elicitation']);
    expect(matching('kind:rpc')).toEqual(['rpc-out', 'rpc-in']);
    expect(matching('dir:in')).toEqual(['rpc-in', 'stderr', 'elicitation']);
    expect(matching('dir:out')).toEqual(['rpc-out', 'http']);
    expect(matching('call:c3')).toEqual(['rpc-out', 'rpc-in']);
    // c1 is not a prefix match for c12.
    expect(matching('call:c1')).toEqual([]);
  });

  it('filters by status: ok, error, pending or an HTTP status', () => {
    expect(matching('status:error')).toEqual(['http']);
    expect(matching('status:ok')).toEqual(['rpc-in']);
    expect(matching('status:pending')).toEqual(['rpc-out']);
    expect(matching('status:404')).toEqual(['http']);
  });

  it('compares latency with <, >, <=, >= and =', () => {
    expect(matching('latency:>500')).toEqual(['rpc-in']);
    expect(matching('latency:<500')).toEqual(['http']);
    expect(matching('latency:>=812')).toEqual(['rpc-in']);
    expect(matching('latency:<=20')).toEqual(['http']);
    expect(matching('latency:=812')).toEqual(['rpc-in']);
    expect(matching('latency:812')).toEqual(['rpc-in']);
  });

  it('combines terms with AND, and a leading minus negates one', () => {
    expect(matching('dir:in -kind:stderr')).toEqual(['rpc-in', 'elicitation']);
    expect(matching('method:tools/call dir:in latency:>500')).toEqual(['rpc-in']);
    expect(matching('-dir:in -dir:out')).toEqual([]);
    expect(matching('-listening')).toEqual(['rpc-out', 'rpc-in', 'http', 'elicitation']);
  });

  it('searches words in the text, case-insensitively, and keeps a quoted phrase whole', () => {
    expect(matching('LISTENING')).toEqual(['stderr']);
    expect(matching('"plan trip"')).toEqual(['rpc-out']);
    expect(matching('plan trip')).toEqual(['rpc-out']);
    expect(matching('"trip plan"')).toEqual([]);
  });

  it('takes quoted values, and keyed terms ignore the case of the key', () => {
    expect(matching('method:"tools/call"')).toEqual(['rpc-out', 'rpc-in']);
    expect(matching('KIND:Stderr')).toEqual(['stderr']);
  });

  it('reads URLs and JSON fragments as text, not as filters', () => {
    expect(matching('https://x.test')).toEqual(['http']);
    expect(matching('"method":"tools/call"')).toEqual(['rpc-out']);
    // A key with nothing after it is a word.
    expect(parseLogQuery('site:').terms).toEqual([{ key: 'text', text: 'site:', isNegated: false }]);
  });

  it('names unknown keys and bad values as problems instead of ignoring them silently', () => {
    const { terms, problems } = parseLogQuery('colour:red kind:bogus dir:up status:meh latency:>fast hello');
    expect(problems.map((p) => p.term)).toEqual(['colour:red', 'kind:bogus', 'dir:up', 'status:meh', 'latency:>fast']);
    expect(problems[0].message).toMatch(/^Unknown filter "colour:"\. Filters are method:, kind:, dir:, status:, latency:, call:/);
    expect(problems[1].message).toContain('Unknown kind "bogus"');
    expect(terms).toEqual([{ key: 'text', text: 'hello', isNegated: false }]);
  });
});

/**
 * `diff` on sessions recorded from a real server by the scenario runner: the same
 * server before and after a change to one form's schema, the same scenario on
 * 2025-11-25 and 2026-07-28, two identical runs, and a run that answered otherwise.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, targetStdio } from '../../e2e/support/processes';
import { runDiff } from '../formats/diff-cli';
import { runScenario } from '../scenarios/scenario-runner';
import { SessionRegistry } from '../registry/session-registry';
import { ScenarioSchema, type ScenarioInput } from '../wire/scenario';
import { SessionDiffSchema } from '../wire/session-diff';

const dataDir = mkdtempSync(join(tmpdir(), 'session-diff-'));
const registry = new SessionRegistry({ dataDir });
afterAll(async () => {
  await registry.closeAll('user');
  rmSync(dataDir, { recursive: true, force: true });
});

type Recording = { protocol: '2025-11-25' | '2026-07-28'; isChanged?: boolean; guests?: number; extraCall?: boolean };

/** Records one run of the booking scenario and returns its session file. */
async function record({ protocol, isChanged = false, guests = 3, extraCall = false }: Recording): Promise<string> {
  const scenario: ScenarioInput = {
    protocol,
    server: { transport: 'stdio', ...targetStdio('table-booking', ...(isChanged ? ['--changed'] : [])), env: {} },
    steps: [
      { call: 'book_table', arguments: { day: 'Friday' }, elicitations: [{ answer: { action: 'accept', content: { name: 'Ada', guests } } }] },
      { call: 'opening_hours' },
      ...(extraCall ? [{ call: 'opening_hours' }] : []),
    ],
  };
  const [report] = await runScenario(ScenarioSchema.parse(scenario), { registry });
  expect(report.status, report.error).toBe('passed');
  return join(dataDir, `${report.sessionId}.jsonl`);
}

/**
 * The recordings' times are a busy machine's: a server's first call pays its cold start, hundreds of ms
 * more than the same call in another run. Timing is compared past this much here, so that what is
 * tested is what changed in the flow; the threshold itself is tested on a fixture slowed down, below.
 */
const NOISE_MS = '10000';

async function diff(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  if (!argv.includes('--time-threshold')) argv.push('--time-threshold', NOISE_MS);
  const code = await runDiff(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

async function diffJson(a: string, b: string) {
  const run = await diff(a, b, '--reporter', 'json');
  return { code: run.code, diff: SessionDiffSchema.parse(JSON.parse(run.out)) };
}

describe('elicitation-inspector diff', () => {
  const files: Record<'before' | 'again' | 'changed' | 'modern' | 'otherAnswer', string> = { before: '', again: '', changed: '', modern: '', otherAnswer: '' };
  beforeAll(async () => {
    files.before = await record({ protocol: '2025-11-25' });
    files.again = await record({ protocol: '2025-11-25' });
    files.changed = await record({ protocol: '2025-11-25', isChanged: true });
    files.modern = await record({ protocol: '2026-07-28' });
    files.otherAnswer = await record({ protocol: '2025-11-25', guests: 4, extraCall: true });
  }, 60_000);

  it('two runs of one scenario: no difference, exit 0, times within the threshold', async () => {
    const run = await diff(files.before, files.again);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toMatch(/2 calls compared: 0 changed, 2 the same\. No difference \(times within [\d,]+ ms\)\./);
    const { diff: json } = await diffJson(files.before, files.again);
    expect(json.calls.map((call) => [call.name, call.status])).toEqual([
      ['book_table', 'same'],
      ['opening_hours', 'same'],
    ]);
  });

  it('a change to one field of one form: the diff names exactly that field, exit 1', async () => {
    const { code, diff: json } = await diffJson(files.before, files.changed);
    expect(code).toBe(1);
    expect(json.calls.map((call) => [call.name, call.status])).toEqual([
      ['book_table', 'changed'],
      ['opening_hours', 'same'],
    ]);
    expect(json.calls[0].changes).toEqual([{ aspect: 'schema', what: 'elicitation 1: field "guests" retyped', a: 'integer', b: 'number' }]);
    const text = (await diff(files.before, files.changed)).out;
    expect(text).toContain('tools/call book_table: changed\n  elicitation 1: field "guests" retyped: integer → number\n');
  });

  it('the same scenario on 2025-11-25 and 2026-07-28: calls aligned, the era difference said once', async () => {
    const { code, diff: json } = await diffJson(files.before, files.modern);
    expect(json.a).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy', serverName: 'table-booking', callCount: 2 });
    expect(json.b).toMatchObject({ protocolVersion: '2026-07-28', era: 'modern', callCount: 2 });
    expect(json.calls.map((call) => [call.name, call.status, call.changes])).toEqual([
      ['book_table', 'same', []],
      ['opening_hours', 'same', []],
    ]);
    expect(code).toBe(0);
    const text = (await diff(files.before, files.modern)).out;
    expect(text.match(/2026-07-28/g)).toHaveLength(2); // B's line and the one note
    expect(text).toContain('A spoke 2025-11-25 (elicitations pushed by the server), B 2026-07-28 (input_required rounds)');
  });

  it('another answer changes the answer, the result and structuredContent; a call on one side only is listed', async () => {
    const { code, diff: json } = await diffJson(files.before, files.otherAnswer);
    expect(code).toBe(1);
    expect(json.calls[0].changes).toEqual([
      { aspect: 'answer', what: 'elicitation 1: answer "guests"', a: '3', b: '4' },
      { aspect: 'result-text', what: 'result text', a: 'Booked a table for 3 on Friday, name Ada.', b: 'Booked a table for 4 on Friday, name Ada.' },
      { aspect: 'structured-content', what: 'structuredContent', a: '{"day":"Friday","guests":3,"name":"Ada"}', b: '{"day":"Friday","guests":4,"name":"Ada"}' },
    ]);
    expect(json.calls[2]).toMatchObject({ method: 'tools/call', name: 'opening_hours', occurrence: 2, status: 'only-b', changes: [] });
    expect(json.calls[2]?.times).toEqual({ b: expect.objectContaining({ totalMs: expect.any(Number) }) });
    expect((await diff(files.before, files.otherAnswer)).out).toContain('tools/call opening_hours (#2): only in B\n');
  });

  it('a missing or damaged file and bad options exit 2, saying which', async () => {
    expect(await diff(files.before, '/nonexistent.jsonl')).toMatchObject({
      code: 2,
      err: expect.stringContaining('cannot read /nonexistent.jsonl: no such file'),
    });
    expect(await diff(files.before, dataDir)).toMatchObject({ code: 2, err: expect.stringContaining(`cannot read ${dataDir}: that is a folder`) });
    const notes = join(dataDir, 'notes.txt');
    writeFileSync(notes, 'hello\n');
    expect(await diff(notes, files.before)).toMatchObject({ code: 2, err: expect.stringContaining('not an Elicitation Inspector session file') });
    expect(await diff(files.before)).toMatchObject({ code: 2, err: expect.stringContaining('name two session files, not 1') });
    expect(await diff(files.before, files.again, '--reporter', 'xml')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--reporter must be line or json'),
    });
    expect(await diff(files.before, files.again, '--time-threshold', 'soon')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--time-threshold must be'),
    });
  });
  it("the page's diff route gives what the command prints, for the sessions' ids; a wrong id or threshold is refused", async () => {
    const inspector = await startInspector(['--no-connect'], { dataDir });
    try {
      const id = (file: string) => file.slice(dataDir.length + 1, -'.jsonl'.length);
      const route = (a: string, b: string, query = `?timeThreshold=${NOISE_MS}`) =>
        fetch(`${inspector.origin}/api/sessions/${a}/diff/${b}${query}`, { headers: { Authorization: `Bearer ${inspector.token}` } });
      const response = await route(id(files.before), id(files.changed));
      expect(response.status).toBe(200);
      const fromPage = SessionDiffSchema.parse(await response.json());
      const { diff: fromCli } = await diffJson(files.before, files.changed);
      expect(fromPage).toEqual({ ...fromCli, a: { ...fromCli.a, source: id(files.before) }, b: { ...fromCli.b, source: id(files.changed) } });
      const missing = await route(id(files.before), 'no-such-session');
      expect([missing.status, ((await missing.json()) as { error: { message: string } }).error.message]).toEqual([404, 'No session file for no-such-session.']);
      const badThreshold = await route(id(files.before), id(files.again), '?timeThreshold=soon');
      expect(badThreshold.status).toBe(400);
    } finally {
      await inspector.stop();
    }
  });
});

describe('diff of recorded fixtures', () => {
  const fixture = (name: string) => fileURLToPath(new URL(`../../app/model/fixtures/${name}.jsonl`, import.meta.url));

  it('a 2026-07-28 URL flow that polls with requestState, against a session without the call', async () => {
    const { code, diff: json } = await diffJson(fixture('url-poll-2026'), fixture('three-rounds-2026'));
    expect(code).toBe(1);
    expect(json.calls.map((call) => call.status)).toContain('only-a');
    const { diff: self } = await diffJson(fixture('url-poll-2026'), fixture('url-poll-2026'));
    expect(self.isDifferent).toBe(false);
  });

  it('times: the same session slowed down differs past a 200 ms threshold (the default), and not within an hour', async () => {
    // Every entry after the first call starts is moved later by its distance from the start, times three:
    // each leg of the call takes four times as long, the flow is the same.
    const lines = readFileSync(fixture('url-poll-2026'), 'utf8').trimEnd().split('\n');
    const events = lines.slice(1).map((line) => JSON.parse(line) as { kind: string; at: number });
    const start = events.find((event) => event.kind === 'call-start')!.at;
    const slowed = join(dataDir, 'slowed.jsonl');
    const stretched = events.map((event) => JSON.stringify({ ...event, at: event.at < start ? event.at : start + (event.at - start) * 4 }));
    writeFileSync(slowed, [lines[0], ...stretched].join('\n') + '\n');
    const byDefault = await diff(fixture('url-poll-2026'), slowed, '--reporter', 'json', '--time-threshold', '200');
    const changes = SessionDiffSchema.parse(JSON.parse(byDefault.out)).calls.flatMap((call) => call.changes);
    expect(byDefault.code).toBe(1);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((change) => change.aspect === 'timing')).toBe(true);
    expect((await diff(fixture('url-poll-2026'), slowed, '--time-threshold', '3600000')).code).toBe(0);
  });
});

/**
 * A session file cut in the middle of its last line, read by every reader of whole files: the
 * commands (diff in both reporters, export-har, export-otlp, export-spec, scenario-from) and
 * the page's (import, the exports, the diff, Save as scenario). Read after the fact, the cut is damage and
 * each says so, naming the line, in the same words; the same cut in a file a running tap is
 * still writing is the entry not yet written, and the views end before it.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector, targetStdio, type Inspector } from '../../e2e/support/processes';
import { runExportSpec } from '../export/export-spec-cli';
import { runDiff } from '../formats/diff-cli';
import { runExport, type ExportCommand } from '../formats/export-cli';
import { scenarioFromCli } from '../scenarios/scenario-from-cli';
import { runScenario } from '../scenarios/scenario-runner';
import { SessionRegistry } from '../registry/session-registry';
import { machineId } from '../store/machine-id';
import { ScenarioSchema } from '../wire/scenario';
import { SessionDiffSchema } from '../wire/session-diff';

const recordDir = mkdtempSync(join(tmpdir(), 'torn-record-'));
const dataDir = mkdtempSync(join(tmpdir(), 'torn-data-'));
const registry = new SessionRegistry({ dataDir: recordDir });
const TORN_ID = '7f0e5a4c-1b2d-4e3f-9a8b-000000000001';
const TAP_ID = 'tap-7f0e5a4c-1b2d-4e3f-9a8b-000000000002';

let whole: string;
let wholeId: string;
let torn: string;
let tornLine: number;
let tapFile: string;
let inspector: Inspector;

type Run = { code: number; out: string; err: string };
async function cli(run: (io: { out: (t: string) => void; err: (t: string) => void }) => Promise<number>): Promise<Run> {
  let out = '';
  let err = '';
  const code = await run({ out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}
const exportCommand = (format: ExportCommand['format'], file: string) => cli((io) => runExport({ command: `export-${format}`, format }, [file], io));
const exportSpec = (file: string) => cli((io) => runExportSpec([file], { stdout: io.out, stderr: io.err }));

/** The same recorded session under another id (and, for a tap's file, as a tap that still runs on this machine writes it). */
function rewritten(text: string, id: string, asRunningTap = false): string {
  let lines = text.replaceAll(wholeId, id).split('\n');
  if (asRunningTap) {
    lines = lines.map((line, i) => {
      if (i === 0) return JSON.stringify({ ...(JSON.parse(line) as object), writtenOn: machineId() });
      if (!line.includes('"state":"connecting"')) return line;
      const entry = JSON.parse(line) as { target: Record<string, unknown> };
      return JSON.stringify({ ...entry, target: { ...entry.target, host: { relayPid: process.pid } } });
    });
  }
  return lines.join('\n');
}

beforeAll(async () => {
  const scenario = ScenarioSchema.parse({
    protocol: '2025-11-25',
    server: { transport: 'stdio', ...targetStdio('table-booking'), env: {} },
    steps: [{ call: 'book_table', arguments: { day: 'Friday' }, elicitations: [{ answer: { action: 'accept', content: { name: 'Ada', guests: 3 } } }] }],
  });
  const [report] = await runScenario(scenario, { registry });
  expect(report.status, report.error).toBe('passed');
  wholeId = report.sessionId!;
  whole = join(dataDir, `${wholeId}.jsonl`);
  copyFileSync(join(recordDir, `${wholeId}.jsonl`), whole);

  // Cut in the middle of the call's end, as a writer stopped mid-line leaves it: nothing after.
  const text = readFileSync(whole, 'utf8');
  const lines = text.split('\n');
  const end = lines.findIndex((line) => line.includes('"kind":"call-end"'));
  tornLine = end + 1;
  const cut = [...lines.slice(0, end), lines[end].slice(0, Math.floor(lines[end].length / 2))].join('\n');
  torn = join(dataDir, `${TORN_ID}.jsonl`);
  writeFileSync(torn, rewritten(cut, TORN_ID));
  tapFile = join(dataDir, `${TAP_ID}.jsonl`);
  writeFileSync(tapFile, rewritten(cut, TAP_ID, true));

  inspector = await startInspector(['--no-connect'], { dataDir });
}, 60_000);

afterAll(async () => {
  await registry.closeAll('user');
  await inspector?.stop();
  rmSync(recordDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${inspector.origin}/api/sessions/${path}`, { ...init, headers: { authorization: `Bearer ${inspector.token}`, ...init.headers } });
}

/** What the page shows for a refused file: the route's error sentence. */
async function refusal(response: Response): Promise<string> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe('a session file cut in the middle of its last line', () => {
  const said = () => `line ${tornLine}: the file ends in the middle of this entry: it was cut short while it was being written`;

  it('is refused by every command that reads a whole file, naming the line, in the same words', async () => {
    const diffText = await cli((io) => runDiff([whole, torn], io));
    expect(diffText).toEqual({ code: 2, out: '', err: expect.stringContaining(`cannot read ${torn}: ${said()}`) });
    expect(diffText.out).not.toContain('running');
    const diffJson = await cli((io) => runDiff([whole, torn, '--reporter', 'json'], io));
    expect(diffJson).toEqual({ code: 2, out: '', err: expect.stringContaining(`cannot read ${torn}: ${said()}`) });
    for (const format of ['har', 'otlp'] as const) {
      expect(await exportCommand(format, torn)).toEqual({ code: 1, out: '', err: expect.stringContaining(`cannot export ${torn}: ${said()}`) });
    }
    expect(await exportSpec(torn)).toEqual({ code: 1, out: '', err: expect.stringContaining(`cannot export ${torn}: ${said()}`) });
    expect(await cli((io) => scenarioFromCli([torn], { out: (text) => void io.out(text), err: (text) => void io.err(text) }))).toEqual({
      code: 2,
      out: '',
      err: expect.stringContaining(`${torn}: ${said()}`),
    });
  });

  it("is refused by the page's import and by its exports and diff of a recorded session, naming the line", async () => {
    expect(await refusal(await api('import', { method: 'POST', body: readFileSync(torn) }))).toContain(said());
    for (const route of [`${TORN_ID}/export-as/har`, `${TORN_ID}/export-as/otlp`, `${TORN_ID}/export-spec`, `${wholeId}/diff/${TORN_ID}`]) {
      expect(await refusal(await api(route)), route).toContain(said());
    }
    // Save as scenario, as the page asks for it.
    const client = await InspectorClient.connect(inspector);
    try {
      await expect(client.send('scenario-from-session', { sessionId: TORN_ID })).rejects.toMatchObject({
        wireError: { code: 'invalid-file', message: expect.stringContaining(said()) as string },
      });
      expect((await client.send('scenario-from-session', { sessionId: TAP_ID })).scenario.steps).toHaveLength(1);
    } finally {
      client.close();
    }
  });

  it('in a file a running tap is still writing is the entry not yet written: every view reads the file as far as it has got', async () => {
    const diff = await cli((io) => runDiff([whole, tapFile, '--reporter', 'json'], io));
    expect(diff.err).toBe('');
    const json = SessionDiffSchema.parse(JSON.parse(diff.out));
    expect(json.calls[0].changes).toContainEqual(expect.objectContaining({ aspect: 'outcome', a: 'result', b: 'running' }));
    for (const format of ['har', 'otlp'] as const) expect(await exportCommand(format, tapFile)).toMatchObject({ code: 0, err: '' });
    expect(await exportSpec(tapFile)).toMatchObject({ code: 0, err: '' });
    // The page follows it live: its routes read it the same way.
    for (const route of [`${TAP_ID}/export-as/har`, `${TAP_ID}/export-spec`, `${wholeId}/diff/${TAP_ID}`]) {
      const response = await api(route);
      expect(response.status, `${route}: ${await response.clone().text()}`).toBe(200);
    }
  });
});

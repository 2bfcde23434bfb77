/**
 * A session file an older inspector recorded may hold a finding code this version's table no longer
 * has, or a code it now raises with another severity. Reading stays tolerant: the file is listed,
 * the page gets every entry as recorded and shows the finding with its code and severity, and the
 * commands that read whole files (diff, export-har, export-spec, scenario-from) read it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEvent } from '../../app/log/describe-event';
import { SessionStore } from '../../app/model/session-store';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector, type Inspector } from '../../e2e/support/processes';
import { runExportSpec } from '../export/export-spec-cli';
import { runDiff } from '../formats/diff-cli';
import { runExport } from '../formats/export-cli';
import { scenarioFromCli } from '../scenarios/scenario-from-cli';
import { FINDING_CODES, isFindingCode } from '../wire/finding-codes';

/** A code no version of the table has: what a retired or renamed code looks like in an old file. */
const RETIRED = 'schema-enum-names-legacy';
const SESSION_ID = '5e7c1d2a-0b9f-4c6e-8a1d-00000000f1d0';

const dataDir = mkdtempSync(join(tmpdir(), 'old-codes-'));
const file = join(dataDir, `${SESSION_ID}.jsonl`);
let inspector: Inspector;

/**
 * A recording of the demo's collect_profile (app/model/fixtures/push-form.jsonl), as an older
 * version would have written it: its one finding under a code the table lacks, and the request's
 * findings holding that and a table code recorded with another severity than the table gives.
 */
function olderRecording(): string {
  const lines = readFileSync(new URL('../../app/model/fixtures/push-form.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  const sessionId = (JSON.parse(lines[0]) as { sessionId: string }).sessionId;
  return `${lines
    .map((line) => line.replaceAll(sessionId, SESSION_ID).replaceAll('"schema-enum-names-deprecated"', JSON.stringify(RETIRED)))
    .map((line) => {
      const entry = JSON.parse(line) as { kind?: string; findings?: object[] };
      if (entry.kind !== 'elicitation') return line;
      return JSON.stringify({
        ...entry,
        findings: [...(entry.findings ?? []), { code: 'form-asks-for-secret', severity: 'error', message: 'Older wording.' }],
      });
    })
    .join('\n')}\n`;
}

beforeAll(async () => {
  expect(isFindingCode(RETIRED)).toBe(false);
  expect(FINDING_CODES['form-asks-for-secret'].severity).toBe('warning');
  writeFileSync(file, olderRecording());
  inspector = await startInspector(['--no-connect'], { dataDir });
}, 60_000);

afterAll(async () => {
  await inspector?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a recorded session with a finding code this version does not have', () => {
  it('opens in the page: listed, every entry sent as recorded, the finding shown with its code and severity', async () => {
    const client = await InspectorClient.connect(inspector);
    try {
      await client.waitFor(() => client.sessions.some((s) => s.sessionId === SESSION_ID), 15_000, 'the recorded session listed');
      await client.follow(SESSION_ID);
      const lines = readFileSync(file, 'utf8').trim().split('\n').length - 1;
      await client.waitFor(() => client.events.length === lines, 15_000, `the ${lines} entries`);
      // The page drops an entry that fails its schema into a proxy-error "dropped: …" in its place: none here.
      expect(client.events.filter((e) => e.kind === 'proxy-error')).toEqual([]);

      const store = new SessionStore(SESSION_ID);
      store.apply(client.events);
      const snapshot = store.getSnapshot();
      const [finding] = snapshot.findings;
      expect(finding).toMatchObject({ code: RETIRED, severity: 'info' });
      expect(describeEvent(finding, snapshot.index)).toMatchObject({ tag: 'note', title: RETIRED, detail: finding.message });
      const [elicitation] = snapshot.elicitations;
      expect(elicitation.findings.map((f) => [f.code, f.severity])).toEqual([
        [RETIRED, 'info'],
        ['form-asks-for-secret', 'error'],
      ]);
    } finally {
      client.close();
    }
  });

  it('is read by the commands that read whole files', async () => {
    const io = () => {
      const said = { out: '', err: '' };
      return { said, out: (text: string) => void (said.out += text), err: (text: string) => void (said.err += text) };
    };
    const diff = io();
    expect(await runDiff([file, file], diff)).toBe(0);
    expect(diff.said.err).toBe('');
    const har = io();
    expect(await runExport({ command: 'export-har', format: 'har' }, [file], har)).toBe(0);
    const spec = io();
    expect(await runExportSpec([file], { stdout: spec.out, stderr: spec.err })).toBe(0);
    const scenario = io();
    expect(await scenarioFromCli([file], scenario)).toBe(0);
    expect([har.said.err, spec.said.err, scenario.said.err]).toEqual(['', '', '']);
  });

  it('is imported by the page', async () => {
    const response = await fetch(`${inspector.origin}/api/sessions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inspector.token}` },
      body: olderRecording().replaceAll(SESSION_ID, '5e7c1d2a-0b9f-4c6e-8a1d-00000000f1d1'),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  });
});

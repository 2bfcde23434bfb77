/**
 * `export-har` on a session the scenario runner recorded against the demo server
 * over Streamable HTTP (2025-11-25: the elicitations arrive on the call's stream):
 * the file is HAR 1.2 by the HAR schema, has one entry per logged exchange with the
 * log's redacted headers, in the order they started, and carries the JSON-RPC bodies
 * the log kept apart (a call's stream whole: its elicitation requests, then its result); and of a
 * stateless server (e2e/targets/stateless-http.ts), whose requests on two calls' streams share an id.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHttp, startHttpTarget, type Started } from '../../e2e/support/processes';
import { runExport } from '../formats/export-cli';
import { runScenario } from '../scenarios/scenario-runner';
import { SessionRegistry } from '../registry/session-registry';
import { readSessionFile } from '../store/read-session';
import { ScenarioSchema } from '../wire/scenario';

const require = createRequire(import.meta.url);
const SECRET = 'HAR-SECRET-417';

/** The HAR 1.2 schema as the har-schema package publishes it (JSON Schema draft-06), checked by ajv. */
function harValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  (require('ajv-formats') as (ajv: Ajv) => void)(ajv); // date-time, uri, ipv4: the formats the schema names are checked too
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  for (const schema of Object.values(require('har-schema') as Record<string, object>)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#');
  if (!validate) throw new Error('har-schema has no har.json');
  return validate;
}

const dataDir = mkdtempSync(join(tmpdir(), 'har-export-'));
const registry = new SessionRegistry({ dataDir });
let demo: Started & { url: string };
let sessionFile: string;

beforeAll(async () => {
  demo = await startDemoHttp();
  const scenario = ScenarioSchema.parse({
    protocol: '2025-11-25',
    server: { transport: 'http', url: `${demo.url}?api_key=${SECRET}`, headers: { Authorization: `Bearer ${SECRET}` } },
    steps: [
      {
        call: 'plan_trip',
        elicitations: [
          { answer: { action: 'accept', content: { destination: 'Lisbon', departure: '2027-05-01' } } },
          { answer: { action: 'accept', content: { seat: 'window', meal: false } } },
        ],
      },
    ],
  });
  const [report] = await runScenario(scenario, { registry });
  expect(report.status, report.error).toBe('passed');
  sessionFile = join(dataDir, `${report.sessionId}.jsonl`);
}, 60_000);

afterAll(async () => {
  await registry.closeAll('user');
  await demo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function exportHar(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runExport({ command: 'export-har', format: 'har' }, argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

describe('elicitation-inspector export-har', () => {
  it('writes HAR 1.2 that the HAR schema accepts, one entry per logged exchange, redacted as the log is', async () => {
    const out = join(dataDir, 'session.har');
    expect(await exportHar(sessionFile, '--out', out)).toEqual({ code: 0, out: '', err: `Wrote ${out}\n` });
    const text = readFileSync(out, 'utf8');
    const har = JSON.parse(text);
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);

    // In the order they started: the log writes each when its response headers came.
    const exchanges = (await readSessionFile(sessionFile, (event) => event.kind === 'http')).events
      .flatMap((event) => (event.kind === 'http' ? [event] : []))
      .sort((a, b) => a.at - a.durationMs - (b.at - b.durationMs));
    expect(har.log.entries).toHaveLength(exchanges.length);
    expect(har.log.creator.name).toBe('elicitation-inspector');
    expect(text).not.toContain(SECRET);
    for (const [i, entry] of har.log.entries.entries()) {
      const logged = exchanges[i];
      expect(entry.request.url).toBe(logged.url.replace('[redacted]', '%5Bredacted%5D'));
      expect(entry.request.headers).toEqual(Object.entries(logged.requestHeaders).map(([name, value]) => ({ name, value })));
    }
    const first = har.log.entries[0];
    expect(first.request.url).toMatch(/\/mcp\?api_key=%5Bredacted%5D$/);
    expect(first.request.queryString).toEqual([{ name: 'api_key', value: '[redacted]' }]);
    expect(first.request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' });
  });

  it("puts back each JSON-RPC body: the call's request, and every event of the stream that answered it, the elicitations first", async () => {
    const har = JSON.parse((await exportHar(sessionFile)).out);
    const call = har.log.entries.find((entry: { request: { postData?: { text: string } } }) => entry.request.postData?.text.includes('"method":"tools/call"'));
    expect(call.request.postData.text).toContain('"name":"plan_trip"');
    expect(call.response.status).toBe(200);
    expect(call.response.content.mimeType).toContain('text/event-stream');
    // The stream as the server sent it: both elicitation requests, in order, then the result that ended it.
    const events = (call.response.content.text as string).split('\n\n').filter(Boolean);
    const messages = events.map((event) => {
      expect(event).toMatch(/^event: message\ndata: \{/);
      return JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { method?: string; params?: { message?: string }; result?: unknown };
    });
    expect(messages.map((message) => message.method ?? 'result')).toEqual(['elicitation/create', 'elicitation/create', 'result']);
    expect(events[2]).toContain('plan_trip: booked 1 to Lisbon on 2027-05-01, window seat');
    expect(call.response.content.size).toBe(Buffer.byteLength(call.response.content.text));
    expect(call.comment).toContain('put back from the session log');
  });

  it('lists the entries in the order they started, as HAR 1.2 asks, not in the order the log wrote them', async () => {
    const har = JSON.parse((await exportHar(sessionFile)).out) as { log: { entries: { startedDateTime: string }[] } };
    const starts = har.log.entries.map((entry) => Date.parse(entry.startedDateTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("puts back the bodies without a request's id: a notification, and the client's answers to the server's elicitations", async () => {
    type Posted = { request: { method: string; postData?: { text: string } } };
    const har = JSON.parse((await exportHar(sessionFile)).out) as { log: { entries: Posted[] } };
    const bodies = har.log.entries.filter((entry) => entry.request.method === 'POST').map((entry) => entry.request.postData?.text);
    // Every POST carries its body, so a replay (routeFromHAR) matches a request to its own exchange.
    expect(bodies).not.toContain(undefined);
    expect(bodies).toContainEqual(expect.stringContaining('"method":"notifications/initialized"'));
    expect(bodies).toContainEqual(expect.stringMatching(/"action":"accept".*"destination":"Lisbon"/));
  });

  it('a missing file, a folder, or an --out it cannot write, exits 1; usage errors exit 2', async () => {
    expect(await exportHar('/nonexistent.jsonl')).toMatchObject({ code: 1, err: expect.stringContaining('cannot export /nonexistent.jsonl: no such file') });
    expect(await exportHar(dataDir)).toMatchObject({
      code: 1,
      err: expect.stringContaining(`cannot export ${dataDir}: that is a folder; name a session file`),
    });
    expect(await exportHar()).toMatchObject({ code: 2, err: expect.stringContaining('name one session file, not 0') });
    expect(await exportHar(sessionFile, '--out', join(dataDir, 'no-such-folder', 'x.har'))).toMatchObject({
      code: 1,
      err: expect.stringContaining(`cannot write ${join(dataDir, 'no-such-folder', 'x.har')}: ENOENT`),
    });
    expect(await exportHar(sessionFile, '--outt', 'x')).toMatchObject({ code: 2, err: expect.stringContaining("Unknown option '--outt'") });
  });
});

describe('export-har of a stateless server, whose request ids start from 0 on every POST', () => {
  let target: Started & { port: number };
  let statelessFile: string;

  beforeAll(async () => {
    target = await startHttpTarget('stateless-http');
    const answer = { answer: { action: 'accept', content: { ok: true } } };
    const scenario = ScenarioSchema.parse({
      protocol: '2025-11-25',
      server: { transport: 'http', url: `http://127.0.0.1:${target.port}/mcp` },
      steps: [
        { call: 'confirm', arguments: { item: 'tea' }, elicitations: [answer], expect: { text: { equals: 'tea: accept' } } },
        { call: 'confirm', arguments: { item: 'cake' }, elicitations: [answer], expect: { text: { equals: 'cake: accept' } } },
      ],
    });
    const [report] = await runScenario(scenario, { registry });
    expect(report.status, report.error).toBe('passed');
    statelessFile = join(dataDir, `${report.sessionId}.jsonl`);
  }, 60_000);

  afterAll(async () => {
    await target?.stop();
  });

  it("gives each call's stream its own elicitation, then its result", async () => {
    const har = JSON.parse((await exportHar(statelessFile)).out) as {
      log: { entries: { request: { postData?: { text: string } }; response: { content: { text?: string } } }[] };
    };
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    const calls = har.log.entries.filter((entry) => entry.request.postData?.text.includes('"method":"tools/call"'));
    const streams = calls.map((entry) =>
      (entry.response.content.text ?? '')
        .split('\n\n')
        .filter(Boolean)
        .map(
          (part) =>
            JSON.parse(part.slice(part.indexOf('data: ') + 6)) as { id: number; params?: { message?: string }; result?: { content: { text: string }[] } },
        ),
    );
    expect(streams.map((messages) => messages.map((message) => message.params?.message ?? message.result?.content[0].text))).toEqual([
      ['Confirm tea?', 'tea: accept'],
      ['Confirm cake?', 'cake: accept'],
    ]);
    expect(streams.map((messages) => messages[0].id)).toEqual([0, 0]);
  });
});

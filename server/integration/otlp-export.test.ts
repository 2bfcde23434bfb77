/**
 * OpenTelemetry out of a session: `run --otlp` against the demo server over HTTP
 * sends each call as a trace to an OTLP/HTTP receiver started here, which reads
 * what the OpenTelemetry exporter sent (OTLP/JSON) and checks the span tree, names,
 * attributes and durations against the session file; no secret is in any of it.
 * `audit --otlp` sends each case's session, and `tap --otlp` the session it recorded
 * between a host and its server (over stdio, and each host connection of `tap --url`). `export-otlp` writes the same traces as a file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoStdio, ROOT, startDemoHttp, type Started } from '../../e2e/support/processes';
import { auditCli } from '../audit/audit-cli';
import { AUDIT_CASES } from '../wire/audit';
import { runExport } from '../formats/export-cli';
import { planTraces } from '../formats/trace-plan';
import { sendTracesOnSessionEnd } from '../otlp-on-end';
import { runCli } from '../scenarios/run-cli';
import { runScenario } from '../scenarios/scenario-runner';
import { SessionRegistry } from '../registry/session-registry';
import { readSessionFile } from '../store/read-session';
import type { LogEvent } from '../wire/events';
import { ScenarioSchema } from '../wire/scenario';

const SECRET = 'OTLP-SECRET-828';

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
};
type OtlpRequest = { resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

const spansOf = (request: OtlpRequest) => request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};
const ms = (nanos: string) => Number(BigInt(nanos) / 1_000_000n);

const dataDir = mkdtempSync(join(tmpdir(), 'otlp-export-'));
let demo: Started & { url: string };
let receiver: Server;
let endpoint: string;
const received: { path: string; contentType: string; body: string }[] = [];
let runOutput = { code: -1, out: '', err: '' };
let sessionFile: string;

beforeAll(async () => {
  demo = await startDemoHttp();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      // A collector that refuses (400 is not retried): the run must say so and keep its verdict.
      if (req.url === '/refuse') return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const scenario = join(dataDir, 'trip.json');
  writeFileSync(
    scenario,
    JSON.stringify({
      protocol: '2026-07-28',
      server: { transport: 'http', url: `${demo.url}?api_key=${SECRET}`, headers: { Authorization: `Bearer ${SECRET}` } },
      steps: [
        {
          call: 'plan_trip',
          elicitations: [
            { answer: { action: 'accept', content: { destination: 'Kyoto', departure: '2027-04-01' } } },
            { answer: { action: 'accept', content: { seat: 'window' } } },
          ],
        },
        { call: 'echo', arguments: { text: SECRET } },
      ],
    }),
  );
  let out = '';
  let err = '';
  const code = await runCli([scenario, '--data-dir', dataDir, '--reporter', 'json', '--otlp', endpoint], { out: (t) => (out += t), err: (t) => (err += t) });
  runOutput = { code, out, err };
  sessionFile = join(dataDir, `${JSON.parse(out).runs[0].sessionId as string}.jsonl`);
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('run --otlp', () => {
  it('sends each call as a trace over OTLP/HTTP, with the span tree and times of the session file', async () => {
    expect(runOutput.code, runOutput.err).toBe(0);
    expect(runOutput.err).toMatch(/Sent \d+ spans of the 2026-07-28 run to http:\/\/127\.0\.0\.1:\d+/);
    expect(received.map((r) => [r.path, r.contentType])).toEqual([['/v1/traces', 'application/json']]);
    const spans = received.flatMap((r) => spansOf(JSON.parse(r.body) as OtlpRequest));
    const calls = spans.filter((span) => !span.parentSpanId);
    expect(calls.map((span) => span.name)).toEqual(['tools/call plan_trip', 'tools/call echo']);
    expect(new Set(calls.map((span) => span.traceId)).size).toBe(2); // a trace each

    const trip = calls[0];
    const children = spans
      .filter((span) => span.parentSpanId === trip.spanId)
      .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
    expect(children.map((span) => span.name)).toEqual(['round 1', 'elicitation wait', 'round 2', 'elicitation wait', 'round 3']);
    expect(children.every((span) => span.traceId === trip.traceId)).toBe(true);
    expect(attribute(trip, 'mcp.method.name')).toBe('tools/call');
    expect(attribute(trip, 'gen_ai.tool.name')).toBe('plan_trip');
    expect(attribute(trip, 'gen_ai.operation.name')).toBe('execute_tool');
    expect(attribute(trip, 'mcp.protocol.version')).toBe('2026-07-28');
    expect(attribute(trip, 'network.transport')).toBe('tcp');
    expect(trip.kind).toBe(3); // SPAN_KIND_CLIENT
    expect(children.filter((span) => span.name === 'elicitation wait').map((span) => attribute(span, 'elicitation_inspector.elicitation.fields'))).toEqual([
      'destination,departure,travellers',
      'seat,meal',
    ]);

    // The times are the log's: the call span from call-start to call-end, each round from its request to its response.
    const { events } = await readSessionFile(sessionFile);
    const start = events.find((e): e is Extract<LogEvent, { kind: 'call-start' }> => e.kind === 'call-start' && e.name === 'plan_trip');
    const end = events.find((e) => e.kind === 'call-end' && e.callId === start?.callId);
    expect([ms(trip.startTimeUnixNano), ms(trip.endTimeUnixNano)]).toEqual([start?.at, end?.at]);
    for (const child of children) {
      expect(ms(child.startTimeUnixNano)).toBeGreaterThanOrEqual(ms(trip.startTimeUnixNano));
      expect(ms(child.endTimeUnixNano)).toBeLessThanOrEqual(ms(trip.endTimeUnixNano));
    }
    const roundIds = children.filter((span) => span.name.startsWith('round')).map((span) => attribute(span, 'jsonrpc.request.id'));
    const sent = events.filter((e) => e.kind === 'call-round' && e.callId === start?.callId).map((e) => (e.kind === 'call-round' ? String(e.rpcId) : ''));
    expect(roundIds).toEqual(sent);
  });

  it('puts no secret, answer or argument in any span', () => {
    expect(received.length).toBeGreaterThan(0);
    for (const { body } of received) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('Kyoto');
    }
  });

  it('a collector that refuses the spans is said, and the verdict stands', async () => {
    const scenario = join(dataDir, 'echo.json');
    writeFileSync(scenario, JSON.stringify({ steps: [{ call: 'echo', arguments: { text: 'hi' } }] }));
    let err = '';
    const code = await runCli([scenario, '--data-dir', dataDir, '--otlp', `${endpoint}/refuse`], { out: () => {}, err: (t) => (err += t) });
    expect(code).toBe(0);
    expect(err).toMatch(new RegExp(`could not send \\d+ spans of the auto run to ${endpoint}/refuse \\(.+\\)\\.`));
  });
});

describe('--otlp on a registry (the inspector, and any command that drives sessions)', () => {
  it("sends a session's calls as traces once the session ends", async () => {
    const registry = new SessionRegistry({ dataDir });
    const lines: string[] = [];
    const otlp = sendTracesOnSessionEnd(registry, `${endpoint}/registry`, (line) => lines.push(line));
    const scenario = ScenarioSchema.parse({
      server: { transport: 'http', url: demo.url, headers: {} },
      steps: [{ call: 'echo', arguments: { text: 'traced' } }],
    });
    const [report] = await runScenario(scenario, { registry });
    await otlp.flush();
    otlp.stop();
    expect(lines).toEqual([`Sent 2 spans of session ${report.sessionId?.slice(0, 8)} to ${endpoint}/registry`]);
    const sent = received.filter((r) => r.path === '/registry');
    expect(
      sent
        .flatMap((r) => spansOf(JSON.parse(r.body) as OtlpRequest))
        .map((span) => span.name)
        .sort(),
    ).toEqual(['round 1', 'tools/call echo']);
  });
});

const sentTo = (path: string) => received.filter((r) => r.path === path).flatMap((r) => spansOf(JSON.parse(r.body) as OtlpRequest));

describe('audit --otlp', () => {
  it("sends each case's session as it ends; the verdict is the audit's", async () => {
    const file = join(dataDir, 'careful.json');
    writeFileSync(file, JSON.stringify({ steps: [{ call: 'audit_careful' }] }));
    let out = '';
    let err = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
    const auditDir = join(dataDir, 'audit');
    const skip = AUDIT_CASES.map((c) => c.id).filter((id) => id !== 'decline' && id !== 'cancel');
    const args = [file, '--url', demo.url, '--revision', '2025-11-25', '--skip', skip.join(','), '--data-dir', auditDir, '--otlp'];
    const code = await auditCli([...args, `${endpoint}/audit`], io);
    expect(code, out + err).toBe(0);
    expect(err).toMatch(/^Sent \d+ spans of session [0-9a-f]{8} to .*\/audit$/m);
    // A trace for each call the audit's sessions made: the step as recorded, then a call a case.
    let callCount = 0;
    for (const name of readdirSync(auditDir).filter((n) => n.endsWith('.jsonl')))
      callCount += (await readSessionFile(join(auditDir, name))).events.filter((e) => e.kind === 'call-start').length;
    const calls = sentTo('/audit').filter((span) => !span.parentSpanId);
    expect(calls).toHaveLength(callCount);
    expect(callCount).toBeGreaterThanOrEqual(3);
    expect(new Set(calls.map((span) => span.name))).toEqual(new Set(['tools/call audit_careful']));
    expect(await auditCli([file, '--otlp', 'collector:4318'], io)).toBe(2);
    expect(err).toContain(`--otlp must be a collector's http(s) URL, not "collector:4318".`);
  });
});

describe('tap --otlp', () => {
  it('sends the session recorded between a host and its server once the host is done', async () => {
    const server = demoStdio();
    const tapDir = join(dataDir, 'tap');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', tapDir, '--otlp', `${endpoint}/tap`, '--', server.command, ...server.args],
      cwd: ROOT,
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(transport);
    await client.callTool({ name: 'echo', arguments: { text: 'tapped' } });
    await client.close();
    await vi.waitFor(() => expect(err).toMatch(/Sent \d+ spans of session tap-[0-9a-f]{8} to .*\/tap/), { timeout: 60_000 });
    const spans = sentTo('/tap');
    const call = spans.find((span) => !span.parentSpanId);
    expect(call?.name).toBe('tools/call echo');
    expect(spans.filter((span) => span.parentSpanId === call?.spanId).map((span) => span.name)).toEqual(['round 1']);
    expect(attribute(call!, 'network.transport')).toBe('pipe');
    const [file] = readdirSync(tapDir).filter((name) => name.endsWith('.jsonl'));
    const { events } = await readSessionFile(join(tapDir, file));
    const start = events.find((e) => e.kind === 'call-start');
    expect(ms(call!.startTimeUnixNano)).toBe(start?.at);
  });
});

describe('tap --url --otlp', () => {
  it('sends each host connection recorded by the HTTP tap once the tap stops', async () => {
    const tapDir = join(dataDir, 'tap-http');
    const tap = spawn(process.execPath, [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', tapDir, '--url', demo.url, '--otlp', `${endpoint}/tap-http`], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    tap.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    tap.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => tap.once('exit', resolve));
    await vi.waitFor(() => expect(out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\n/), { timeout: 60_000 });
    const client = new Client({ name: 'http-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(out.trim())));
    await client.callTool({ name: 'echo', arguments: { text: 'tapped over http' } });
    await client.close();
    tap.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).toMatch(/Sent \d+ spans of session tap-[0-9a-f]{8} to .*\/tap-http/);
    const spans = sentTo('/tap-http');
    const call = spans.find((span) => !span.parentSpanId);
    expect(call?.name).toBe('tools/call echo');
    expect(spans.filter((span) => span.parentSpanId === call?.spanId).map((span) => span.name)).toEqual(['round 1']);
  });
});

describe('export-otlp', () => {
  it('writes the same traces as an OTLP/JSON file', async () => {
    const out = join(dataDir, 'trip.otlp.json');
    let err = '';
    expect(await runExport({ command: 'export-otlp', format: 'otlp' }, [sessionFile, '--out', out], { out: () => {}, err: (t) => (err += t) })).toBe(0);
    expect(err).toBe(`Wrote ${out}\n`);
    const file = JSON.parse(readFileSync(out, 'utf8')) as OtlpRequest;
    expect(attribute({ attributes: file.resourceSpans[0].resource.attributes } as OtlpSpan, 'service.name')).toBe('elicitation-inspector');
    const sentNames = received
      .filter((r) => r.path === '/v1/traces')
      .flatMap((r) => spansOf(JSON.parse(r.body) as OtlpRequest))
      .map((span) => span.name);
    expect(spansOf(file).map((span) => span.name)).toEqual(sentNames);
  });

  it('a 2026-07-28 URL flow that polls: a URL flow span and a polling pause between rounds', async () => {
    const fixture = fileURLToPath(new URL('../../app/model/fixtures/url-poll-2026.jsonl', import.meta.url));
    const [call] = planTraces((await readSessionFile(fixture)).events);
    expect(call.children.map((span) => span.name)).toEqual(expect.arrayContaining(['url flow', 'polling pause', 'round 4']));
    const flow = call.children.find((span) => span.name === 'url flow');
    expect(flow?.attributes['server.address']).toMatch(/^(localhost|127\.0\.0\.1):\d+$/);
  });
});

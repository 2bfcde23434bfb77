/**
 * Every view and export of a session reads one session model, so they agree: over
 * sessions recorded against real servers (app/model/fixtures: both eras, URL flows
 * on each, a -32042 retry, a call timed out, a withdrawn form, two calls at once,
 * two forms open at once in one call on each era, a tool run as a task), for every
 * call the page's Timeline, `diff --reporter json`, the OTLP export and an exported
 * Playwright spec give the same times and the same answers.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCallTimeline, type CallTimeline } from '../../app/model/call-timeline';
import { SessionStore } from '../../app/model/session-store';
import { runDiff } from '../formats/diff-cli';
import { runExport } from '../formats/export-cli';
import { runExportSpec } from '../export/export-spec-cli';
import type { LogEvent } from '../wire/events';
import { SessionDiffSchema } from '../wire/session-diff';

const FIXTURES = fileURLToPath(new URL('../../app/model/fixtures/', import.meta.url));
const names = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.jsonl'))
  .map((name) => name.slice(0, -'.jsonl'.length));
const outDir = mkdtempSync(join(tmpdir(), 'one-model-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

type Times = { totalMs: number; serverMs: number; proxyMs: number; personMs: number };
type OtlpSpan = {
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
};

function eventsOf(name: string): LogEvent[] {
  return readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as LogEvent);
}

/** What the page draws: each call's story from the session's indexes, made into its timeline. */
function timelines(events: LogEvent[]): CallTimeline[] {
  const store = new SessionStore('fixture');
  store.apply(events);
  const s = store.getSnapshot();
  return s.calls.map((call) =>
    buildCallTimeline(
      s.story.storyOfCallWithUntiedFlows(call.callId).map((seq) => s.events[seq - 1]),
      Number.MAX_SAFE_INTEGER,
    )!,
  );
}

/** A call's answers as the Timeline's sentences say them ("…, then accept"), sorted: each view orders them its own way. */
function timelineAnswers(timeline: CallTimeline): string[] {
  return timeline.spans
    .filter((span) => span.kind === 'elicitation' && !span.label.includes('not tied to a call'))
    .map((span) => /, then (accept|decline|cancel)$/.exec(span.label)?.[1] ?? 'none')
    .sort();
}

async function diffTimes(file: string): Promise<(Times | undefined)[]> {
  let out = '';
  const code = await runDiff([file, file, '--reporter', 'json'], { out: (t) => (out += t), err: () => {} });
  expect(code).toBe(0);
  return SessionDiffSchema.parse(JSON.parse(out)).calls.map((call) => call.times?.a);
}

async function otlpCalls(file: string, name: string): Promise<{ call: OtlpSpan; children: OtlpSpan[] }[]> {
  const out = join(outDir, `${name}.otlp.json`);
  expect(await runExport({ command: 'export-otlp', format: 'otlp' }, [file, '--out', out], { out: () => {}, err: () => {} })).toBe(0);
  const request = JSON.parse(readFileSync(out, 'utf8')) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
  const spans = request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  return spans.filter((span) => !span.parentSpanId).map((call) => ({ call, children: spans.filter((span) => span.parentSpanId === call.spanId) }));
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && (value.intValue !== undefined ? Number(value.intValue) : (value.stringValue ?? value.doubleValue ?? value.boolValue));
};
const ms = (span: OtlpSpan) => Number((BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1_000_000n);

/** Each call's answers as the exported spec replays them: one page-object step per answer, in the order given. */
async function specAnswers(file: string): Promise<string[][]> {
  let source = '';
  expect(await runExportSpec([file], { stdout: (t) => (source += t), stderr: () => {} })).toBe(0);
  return source
    .split(/\n {2}\/\/ /)
    .slice(1)
    .map((call) =>
      [...call.matchAll(/\)\)\.(acceptContent|consent|decline|cancel)\(/g)]
        .map(([, step]) => (step === 'acceptContent' || step === 'consent' ? 'accept' : step))
        .sort(),
    );
}

describe.each(names)('%s', (name) => {
  const file = join(FIXTURES, `${name}.jsonl`);
  const events = eventsOf(name);
  const drawn = timelines(events);

  it('the Timeline, diff and the OTLP export give each call the same time split', async () => {
    const [fromDiff, fromOtlp] = await Promise.all([diffTimes(file), otlpCalls(file, name)]);
    expect(drawn.length).toBeGreaterThan(0);
    expect(fromDiff).toHaveLength(drawn.length);
    expect(fromOtlp).toHaveLength(drawn.length);
    for (const [i, timeline] of drawn.entries()) {
      const shares: Times = timeline.shares;
      expect(shares.personMs + shares.serverMs + shares.proxyMs).toBe(shares.totalMs);
      // diff gives times only for a call that ended; every recorded call here did.
      expect(fromDiff[i], `diff's times of ${timeline.callId}`).toEqual(shares);
      const { call } = fromOtlp[i];
      expect(attribute(call, 'elicitation_inspector.call.id')).toBe(timeline.callId);
      expect(ms(call)).toBe(shares.totalMs);
      expect({
        serverMs: attribute(call, 'elicitation_inspector.time.server_ms'),
        proxyMs: attribute(call, 'elicitation_inspector.time.proxy_ms'),
        personMs: attribute(call, 'elicitation_inspector.time.person_ms'),
      }).toEqual({ serverMs: shares.serverMs, proxyMs: shares.proxyMs, personMs: shares.personMs });
      // Each wait the Timeline draws is a span of the same length in the trace.
      const waits = (spans: { durationMs: number }[]) => spans.map((s) => s.durationMs).sort((a, b) => a - b);
      expect(waits(fromOtlp[i].children.filter((s) => s.name.endsWith(' wait')).map((s) => ({ durationMs: ms(s) })))).toEqual(
        waits(timeline.spans.filter((s) => s.kind === 'elicitation' && !s.label.includes('not tied to a call'))),
      );
    }
  });

  it('the Timeline, the OTLP export and an exported spec give each call the same answers', async () => {
    const [fromOtlp, fromSpec] = await Promise.all([otlpCalls(file, `${name}-answers`), specAnswers(file)]);
    for (const [i, timeline] of drawn.entries()) {
      const answers = timelineAnswers(timeline);
      const traced = fromOtlp[i].children
        .filter((s) => s.name === 'elicitation wait' || s.name === 'sampling wait')
        .map((s) => String(attribute(s, 'elicitation_inspector.elicitation.answer')))
        .map((answer) => (['accept', 'decline', 'cancel'].includes(answer) ? answer : 'none'))
        .sort();
      expect(traced, `the trace's answers in ${timeline.callId}`).toEqual(answers);
      expect(fromSpec[i], `the spec's answers in ${timeline.callId}`).toEqual(answers.filter((a) => a !== 'none'));
    }
  });
});

describe('two forms open at once in one call', () => {
  it.each(['two-forms-2025', 'two-forms-2026'])('%s: the person’s time counts the overlap once, everywhere', async (name) => {
    const events = eventsOf(name);
    const asked = events.filter((e) => e.kind === 'elicitation');
    const answered = events.filter((e) => e.kind === 'action' && e.key !== undefined);
    expect(asked).toHaveLength(2);
    // Both were open together: the second was asked before the first was answered.
    const firstAnswerAt = Math.min(...answered.map((e) => e.at));
    expect(Math.max(...asked.map((e) => e.at))).toBeLessThan(firstAnswerAt);
    const union = Math.max(...answered.map((e) => e.at)) - Math.min(...asked.map((e) => e.at));
    const [timeline] = timelines(events);
    expect(timeline.shares.personMs).toBe(union);
    const [times] = await diffTimes(join(FIXTURES, `${name}.jsonl`));
    expect(times?.personMs).toBe(union);
  });
});

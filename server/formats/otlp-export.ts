/**
 * Trace plans (trace-plan.ts) as OTLP spans, with the times the log recorded, sent to a collector
 * over OTLP/HTTP with the JSON encoding or written as an OTLP/JSON file: the same
 * ExportTraceServiceRequest either way (opentelemetry-proto's trace.proto and collector's
 * trace_service.proto, in the JSON mapping OTLP specifies: ids as hex, enums as numbers, 64-bit
 * times as decimal strings). Written here rather than through OpenTelemetry's SDK and exporter,
 * whose bundle (673 kB, most of it metrics, logs and semantic-convention tables) carried a
 * hundred lines' worth of what this does; see otlp-http.ts for how it is sent.
 *
 * For any command that records sessions (`run`, the inspector, and others to come):
 * `sendSessionFileTraces(file, endpoint)` after a session ends sends its calls, one
 * trace each (`sendSessionTraces` from entries in hand), in the time the caller gives it;
 * `otlpJson(events)` is the same as a file.
 */
import { randomBytes } from 'node:crypto';
import { readSessionFile } from '../store/read-session';
import { VERSION } from '../version';
import type { LogEvent } from '../wire/events';
import { isCallEntry } from './call-digest';
import { postOtlp } from './otlp-http';
import { planTraces, type SpanAttributes, type SpanPlan } from './trace-plan';

const INSTRUMENTATION = 'elicitation-inspector';

/** OTLP's AnyValue, for the kinds of attribute a plan has. int64 goes as a JSON number: the mapping takes either, and these are small. */
export type OtlpAnyValue = { stringValue: string } | { boolValue: boolean } | { intValue: number } | { doubleValue: number };
export type OtlpKeyValue = { key: string; value: OtlpAnyValue };
export type OtlpSpan = {
  /** 16 bytes as 32 lower-case hex digits. */
  traceId: string;
  /** 8 bytes as 16 lower-case hex digits. */
  spanId: string;
  parentSpanId?: string;
  /** Bits 0-7 the W3C trace flags (01: sampled), bit 8: whether the parent is remote is known (it is not). */
  flags: number;
  name: string;
  /** SpanKind: 1 internal, 3 client. */
  kind: 1 | 3;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  /** StatusCode: 0 unset, 2 error. */
  status: { code: 0 } | { code: 2; message: string };
};
export type OtlpTraceRequest = {
  resourceSpans: { resource: { attributes: OtlpKeyValue[] }; scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[] }[];
};

const SPAN_KIND = { internal: 1, client: 3 } as const;
const SAMPLED_LOCAL_PARENT = 0x101;

/** A session's calls as OTLP spans, each call a trace, parents before children. */
export function sessionSpans(events: readonly LogEvent[]): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  for (const plan of planTraces(events)) addSpans(spans, plan, randomBytes(16).toString('hex'));
  return spans;
}

function addSpans(spans: OtlpSpan[], plan: SpanPlan, traceId: string, parentSpanId?: string): void {
  const spanId = randomBytes(8).toString('hex');
  const attributes = plan.error ? { ...plan.attributes, 'error.type': plan.error } : plan.attributes;
  spans.push({
    traceId,
    spanId,
    ...(parentSpanId && { parentSpanId }),
    flags: SAMPLED_LOCAL_PARENT,
    name: plan.name,
    kind: SPAN_KIND[plan.kind],
    startTimeUnixNano: unixNano(plan.startAt),
    endTimeUnixNano: unixNano(Math.max(plan.endAt, plan.startAt)),
    attributes: keyValues(attributes),
    status: plan.error ? { code: 2, message: plan.error } : { code: 0 },
  });
  for (const child of plan.children) addSpans(spans, child, traceId, spanId);
}

/** Epoch ms (the log's, whole or not) as OTLP's fixed64 nanoseconds, a decimal string. */
const unixNano = (ms: number) => (BigInt(Math.round(ms * 1000)) * 1000n).toString();

function keyValues(attributes: SpanAttributes): OtlpKeyValue[] {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));
}

function anyValue(value: string | number | boolean): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Number.isSafeInteger(value) ? { intValue: value } : { doubleValue: value };
}

/** A session's traces as an ExportTraceServiceRequest, as a file holds it and the collector gets it. */
export function otlpRequest(events: readonly LogEvent[]): OtlpTraceRequest {
  return traceRequest(sessionSpans(events));
}

function traceRequest(spans: OtlpSpan[]): OtlpTraceRequest {
  const resource = { attributes: keyValues({ 'service.name': 'elicitation-inspector', 'service.version': VERSION }) };
  return { resourceSpans: [{ resource, scopeSpans: [{ scope: { name: INSTRUMENTATION, version: VERSION }, spans }] }] };
}

/** A session's traces as an OTLP/JSON file (an ExportTraceServiceRequest), as the collector gets them. */
export function otlpJson(events: readonly LogEvent[]): string {
  return `${JSON.stringify(otlpRequest(events))}\n`;
}

/** The collector's traces URL: a URL without a path gets OTLP/HTTP's `/v1/traces`. */
export function tracesUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/traces';
  return url.href;
}

/**
 * Sends a session's calls to an OTLP/HTTP collector; resolves with how many spans went, rejects with
 * TracesNotSent saying why not: the collector refused them, or did not take them within `boundMs`
 * (retries of a collector that was busy or not reachable included).
 */
export async function sendSessionTraces(events: readonly LogEvent[], endpoint: string, boundMs: number): Promise<number> {
  const spans = sessionSpans(events);
  if (!spans.length) return 0;
  await postOtlp(tracesUrl(endpoint), JSON.stringify(traceRequest(spans)), spans.length, boundMs);
  return spans.length;
}

/** As sendSessionTraces, from the session's file (what a command has once its session closed). */
export async function sendSessionFileTraces(path: string, endpoint: string, boundMs: number): Promise<number> {
  return sendSessionTraces((await readSessionFile(path, isCallEntry)).events, endpoint, boundMs);
}

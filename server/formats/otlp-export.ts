/**
 * Trace plans (trace-plan.ts) as OpenTelemetry spans, made by the OpenTelemetry SDK
 * with the times the log recorded, and sent to a collector over OTLP/HTTP or written
 * as an OTLP/JSON file, both by OpenTelemetry's own exporter and serializer.
 *
 * For any command that records sessions (`run`, the inspector, and others to come):
 * `sendSessionFileTraces(file, endpoint)` after a session ends sends its calls, one
 * trace each (`sendSessionTraces` from entries in hand); `otlpJson(events)` is the same as a file.
 */
import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { readSessionFile } from '../store/read-session';
import { VERSION } from '../version';
import type { LogEvent } from '../wire/events';
import { isCallEntry } from './call-digest';
import { planTraces, type SpanPlan } from './trace-plan';

const INSTRUMENTATION = 'elicitation-inspector';

/** The SDK's finished spans for a session's calls, parents before children. */
export function sessionSpans(events: readonly LogEvent[]): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'elicitation-inspector', 'service.version': VERSION }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  const tracer = provider.getTracer(INSTRUMENTATION, VERSION);
  for (const plan of planTraces(events)) emit(tracer, plan);
  return memory.getFinishedSpans();
}

/** A session's traces as an OTLP/JSON file (an ExportTraceServiceRequest), as the OTLP/HTTP exporter would send them. */
export function otlpJson(events: readonly LogEvent[]): string {
  const bytes = JsonTraceSerializer.serializeRequest(sessionSpans(events));
  return `${new TextDecoder().decode(bytes)}\n`;
}

/** The collector's traces URL: a URL without a path gets OTLP/HTTP's `/v1/traces`. */
export function tracesUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/traces';
  return url.href;
}

/** Sends a session's calls to an OTLP/HTTP collector; resolves with how many spans went, rejects saying why the collector refused them. */
export async function sendSessionTraces(events: readonly LogEvent[], endpoint: string): Promise<number> {
  const spans = sessionSpans(events);
  if (!spans.length) return 0;
  const exporter = new OTLPTraceExporter({ url: tracesUrl(endpoint) });
  try {
    await new Promise<void>((resolve, reject) =>
      exporter.export(spans, (result) =>
        result.error || result.code !== ExportResultCode.SUCCESS ? reject(result.error ?? new Error('the collector refused the spans')) : resolve(),
      ),
    );
  } finally {
    await exporter.shutdown();
  }
  return spans.length;
}

/** As sendSessionTraces, from the session's file (what a command has once its session closed). */
export async function sendSessionFileTraces(path: string, endpoint: string): Promise<number> {
  return sendSessionTraces((await readSessionFile(path, isCallEntry)).events, endpoint);
}

function emit(tracer: Tracer, plan: SpanPlan, parent = context.active()): void {
  const span = tracer.startSpan(
    plan.name,
    { kind: plan.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL, startTime: new Date(plan.startAt), attributes: plan.attributes },
    parent,
  );
  if (plan.error) {
    span.setAttribute('error.type', plan.error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: plan.error });
  }
  const inside = trace.setSpan(parent, span);
  for (const child of plan.children) emit(tracer, child, inside);
  span.end(new Date(plan.endAt));
}

/**
 * Trace plans (trace-plan.ts) as OpenTelemetry spans, made by the OpenTelemetry SDK
 * with the times the log recorded, and sent to a collector over OTLP/HTTP or written
 * as an OTLP/JSON file, both by OpenTelemetry's own exporter and serializer.
 *
 * For any command that records sessions (`run`, the inspector, and others to come):
 * `sendSessionFileTraces(file, endpoint)` after a session ends sends its calls, one
 * trace each (`sendSessionTraces` from entries in hand), in the time the caller gives it;
 * `otlpJson(events)` is the same as a file.
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
import { TracesNotSent } from './otlp-not-sent';
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

/**
 * Sends a session's calls to an OTLP/HTTP collector; resolves with how many spans went, rejects with
 * TracesNotSent saying why not: the collector refused them, or did not take them within `boundMs`
 * (the exporter's retries of a refused connection included).
 */
export async function sendSessionTraces(events: readonly LogEvent[], endpoint: string, boundMs: number): Promise<number> {
  const spans = sessionSpans(events);
  if (!spans.length) return 0;
  const exporter = new OTLPTraceExporter({ url: tracesUrl(endpoint), timeoutMillis: boundMs });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve, reject) =>
        exporter.export(spans, (result) =>
          result.error || result.code !== ExportResultCode.SUCCESS
            ? reject(new TracesNotSent(result.error?.message ?? 'the collector refused the spans', spans.length))
            : resolve(),
        ),
      ),
      // The exporter's own timeout covers each request and its retries; this is the bound whatever it does.
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TracesNotSent(`the collector did not take them within ${formatSeconds(boundMs)}`, spans.length)), boundMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    // Not awaited: shutting down waits for a request in flight, which is what the bound is for not waiting on.
    void exporter.shutdown().catch(() => {});
  }
  return spans.length;
}

const formatSeconds = (ms: number) => `${ms / 1000} s`;

/** As sendSessionTraces, from the session's file (what a command has once its session closed). */
export async function sendSessionFileTraces(path: string, endpoint: string, boundMs: number): Promise<number> {
  return sendSessionTraces((await readSessionFile(path, isCallEntry)).events, endpoint, boundMs);
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

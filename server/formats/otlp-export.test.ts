/**
 * The OTLP/JSON this writes, read back by a strict reader: every field one that opentelemetry-proto's
 * ExportTraceServiceRequest has (trace.proto, common.proto, resource.proto), in OTLP's JSON mapping
 * (lowerCamelCase names, trace and span ids as hex, enums as numbers, fixed64 times as decimal strings,
 * an AnyValue with exactly one of its fields), and nothing else.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSessionFile } from '../store/read-session';
import { isCallEntry } from './call-digest';
import { otlpJson, otlpRequest, tracesUrl } from './otlp-export';
import { planTraces } from './trace-plan';

const FIXTURES = fileURLToPath(new URL('../../app/model/fixtures/', import.meta.url));
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl'));
const eventsOf = async (name: string) => (await readSessionFile(`${FIXTURES}${name}`, isCallEntry)).events;

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields a message may have, each with its check; a field not listed is an error, as in a strict proto3 JSON reader. */
function message(value: Json, where: string, fields: Record<string, (value: Json, where: string) => void>, required: string[] = []): void {
  if (!isObject(value)) throw new Error(`${where}: not an object`);
  for (const [key, field] of Object.entries(value)) {
    const check = fields[key];
    if (!check) throw new Error(`${where}: no field "${key}" in this message`);
    check(field, `${where}.${key}`);
  }
  for (const key of required) if (!(key in value)) throw new Error(`${where}: "${key}" is missing`);
}
const list = (each: (value: Json, where: string) => void) => (value: Json, where: string) => {
  if (!Array.isArray(value)) throw new Error(`${where}: not a list`);
  value.forEach((item, i) => each(item, `${where}[${i}]`));
};
const string = (value: Json, where: string) => {
  if (typeof value !== 'string') throw new Error(`${where}: not a string`);
};
const hex = (bytes: number) => (value: Json, where: string) => {
  if (typeof value !== 'string' || !new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(value) || /^0+$/.test(value))
    throw new Error(`${where}: not ${bytes} non-zero bytes of hex`);
};
const uint32 = (value: Json, where: string) => {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 0xffffffff) throw new Error(`${where}: not a uint32`);
};
const enumOf = (max: number) => (value: Json, where: string) => {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > max) throw new Error(`${where}: not an enum number up to ${max}`);
};
const fixed64 = (value: Json, where: string) => {
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value) || BigInt(value) >= 2n ** 64n) throw new Error(`${where}: not a fixed64 as a decimal string`);
};
const int64 = (value: Json, where: string) => {
  const ok = typeof value === 'string' ? /^-?\d{1,19}$/.test(value) : Number.isSafeInteger(value);
  if (!ok) throw new Error(`${where}: not an int64`);
};
function anyValue(value: Json, where: string): void {
  const kinds = {
    stringValue: string,
    boolValue: (v: Json, w: string) => {
      if (typeof v !== 'boolean') throw new Error(`${w}: not a bool`);
    },
    intValue: int64,
    doubleValue: (v: Json, w: string) => {
      if (typeof v !== 'number') throw new Error(`${w}: not a double`);
    },
  };
  message(value, where, kinds);
  if (Object.keys(value as object).length !== 1) throw new Error(`${where}: an AnyValue has exactly one value`);
}
const keyValue = (value: Json, where: string) => message(value, where, { key: string, value: anyValue }, ['key', 'value']);
const attributes = list(keyValue);

function readTraceRequest(text: string) {
  const request: Json = JSON.parse(text);
  message(request, 'request', {
    resourceSpans: list((rs, w) =>
      message(rs, w, {
        resource: (r, w2) => message(r, w2, { attributes, droppedAttributesCount: uint32 }),
        schemaUrl: string,
        scopeSpans: list((ss, w2) =>
          message(ss, w2, {
            scope: (s, w3) => message(s, w3, { name: string, version: string, attributes, droppedAttributesCount: uint32 }),
            schemaUrl: string,
            spans: list((span, w3) =>
              message(
                span,
                w3,
                {
                  traceId: hex(16),
                  spanId: hex(8),
                  traceState: string,
                  parentSpanId: hex(8),
                  flags: uint32,
                  name: string,
                  kind: enumOf(5),
                  startTimeUnixNano: fixed64,
                  endTimeUnixNano: fixed64,
                  attributes,
                  droppedAttributesCount: uint32,
                  events: list(() => {}),
                  droppedEventsCount: uint32,
                  links: list(() => {}),
                  droppedLinksCount: uint32,
                  status: (st, w4) => message(st, w4, { message: string, code: enumOf(2) }),
                },
                ['traceId', 'spanId', 'name', 'kind', 'startTimeUnixNano', 'endTimeUnixNano'],
              ),
            ),
          }),
        ),
      }),
    ),
  });
  return request as ReturnType<typeof otlpRequest>;
}

describe('otlpJson', () => {
  it.each(fixtures)('%s reads back as an ExportTraceServiceRequest, field for field', async (name) => {
    const events = await eventsOf(name);
    const request = readTraceRequest(otlpJson(events));
    const spans = request.resourceSpans[0].scopeSpans[0].spans;
    expect(request.resourceSpans[0].resource.attributes.map((a) => a.key)).toEqual(['service.name', 'service.version']);
    // A span per planned span; a trace per call, its root first, every parent among the spans before it.
    const count = (plans: ReturnType<typeof planTraces>): number => plans.reduce((n, plan) => n + 1 + count(plan.children), 0);
    const plans = planTraces(events);
    expect(spans).toHaveLength(count(plans));
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(plans.length);
    expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
    spans.forEach((span, i) => {
      if (span.parentSpanId) expect(spans.slice(0, i).some((p) => p.spanId === span.parentSpanId && p.traceId === span.traceId)).toBe(true);
      expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true);
    });
  });

  it('maps a plan: kind, times in nanoseconds, attribute values by type, an error as error.type and an error status', async () => {
    const events = await eventsOf('timeout-call.jsonl');
    const [plan] = planTraces(events);
    const [call] = otlpRequest(events).resourceSpans[0].scopeSpans[0].spans;
    expect(call).toMatchObject({ name: plan.name, kind: 3, flags: 0x101, startTimeUnixNano: `${plan.startAt}000000`, endTimeUnixNano: `${plan.endAt}000000` });
    expect(plan.error).toBeTruthy();
    expect(call.status).toEqual({ code: 2, message: plan.error });
    expect(call.attributes).toContainEqual({ key: 'error.type', value: { stringValue: plan.error } });
    for (const { key, value } of call.attributes.filter((a) => a.key !== 'error.type')) {
      const planned = plan.attributes[key];
      expect(value).toEqual(
        typeof planned === 'string' ? { stringValue: planned } : typeof planned === 'boolean' ? { boolValue: planned } : { intValue: planned },
      );
    }
  });
});

describe('tracesUrl', () => {
  it("adds OTLP/HTTP's /v1/traces to a URL without a path, and keeps one that has a path", () => {
    expect(tracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces');
    expect(tracesUrl('https://collector.example/otlp/v1/traces')).toBe('https://collector.example/otlp/v1/traces');
  });
});

/**
 * A session's calls as trace spans, planned from the session model (no
 * OTLP here: otlp-export.ts turns a plan into OTLP spans). Each call is a
 * trace: the call's span, and under it a span per request leg (round), per
 * elicitation wait, per URL flow and per polling pause. Attribute names are those
 * of OpenTelemetry's MCP and GenAI conventions where they exist, else under
 * `elicitation_inspector.`. What a person typed, a call's arguments and a URL's
 * path and query are never attributes: a trace backend is not where secrets go.
 */
import type { EventOf, LogEvent } from '../wire/events';
import { timeOfCall } from '../wire/call-time';
import { SessionModel, type CallView } from '../wire/session-model';

export type SpanAttributes = Record<string, string | number | boolean>;

export type SpanPlan = {
  name: string;
  kind: 'client' | 'internal';
  /** Epoch ms, as the log has them. */
  startAt: number;
  endAt: number;
  attributes: SpanAttributes;
  /** Set for a call that failed: its error type, as `error.type` says it. */
  error?: string;
  children: SpanPlan[];
};

/** One plan per call, in the order the calls started; a call the file ends before ends at the last entry. */
export function planTraces(events: readonly LogEvent[]): SpanPlan[] {
  const model = SessionModel.of(events);
  const session: SpanAttributes = {};
  const { status } = model;
  if (status.target) session['network.transport'] = status.target.transport === 'stdio' ? 'pipe' : 'tcp';
  if (status.protocolVersion !== undefined) session['mcp.protocol.version'] = status.protocolVersion;
  return [...model.calls.values()].map((call) => callSpan(model, call, session));
}

/** The call's span, with the time split the Timeline shows as attributes, and under it its rounds, pauses, waits and URL flows. */
function callSpan(model: SessionModel, call: CallView, session: SpanAttributes): SpanPlan {
  const { end } = call;
  const time = timeOfCall(model, call.callId)!;
  const { startAt, endAt } = { startAt: call.startedAt, endAt: call.startedAt + time.shares.totalMs };
  const attributes: SpanAttributes = { ...session, 'mcp.method.name': call.method, 'elicitation_inspector.call.id': call.callId };
  if (call.method === 'tools/call') Object.assign(attributes, { 'gen_ai.tool.name': call.name, 'gen_ai.operation.name': 'execute_tool' });
  if (call.method === 'prompts/get') attributes['gen_ai.prompt.name'] = call.name;
  attributes['elicitation_inspector.call.outcome'] = end?.outcome ?? 'running';
  attributes['elicitation_inspector.call.rounds'] = call.rounds.length;
  Object.assign(attributes, {
    'elicitation_inspector.time.server_ms': time.shares.serverMs,
    'elicitation_inspector.time.proxy_ms': time.shares.proxyMs,
    'elicitation_inspector.time.person_ms': time.shares.personMs,
  });
  const error = errorOf(end);
  if (end?.error && typeof end.error.code === 'number') attributes['rpc.response.status_code'] = String(end.error.code);
  const children: SpanPlan[] = [];
  for (const [i, round] of call.rounds.entries()) {
    const flight = time.inFlight[i];
    const previous = i > 0 ? call.rounds[i - 1].response : undefined;
    // 2026-07-28 polling: the client waited before retrying with the requestState alone.
    if (previous && round.reason === 'request-state' && flight.startAt > previous.at) {
      children.push(span('polling pause', 'internal', previous.at, flight.startAt, { 'elicitation_inspector.round': round.round }));
    }
    children.push(
      span(`round ${round.round}`, 'client', flight.startAt, flight.endAt, {
        'mcp.method.name': call.method,
        'jsonrpc.request.id': String(round.rpcId),
        'elicitation_inspector.round': round.round,
        'elicitation_inspector.round.reason': round.reason,
      }),
    );
  }
  // The call's own elicitations come first in the split's waits; those no call could be tied to are counted there, not drawn here.
  for (const [i, e] of model.elicitationsOf(call).entries()) {
    const wait = time.waits[i];
    const fields = fieldsOf(e.params.requestedSchema);
    const waitAttributes: SpanAttributes = {
      'elicitation_inspector.elicitation.mode': e.mode,
      'elicitation_inspector.elicitation.answer': e.answer?.action ?? e.end?.action ?? e.end?.outcome ?? 'none',
      ...(fields && { 'elicitation_inspector.elicitation.fields': fields }),
    };
    children.push(span(e.mode === 'sampling' ? 'sampling wait' : 'elicitation wait', 'internal', wait.startAt, wait.endAt, waitAttributes));
    if (e.mode === 'url') {
      const host = hostOf(e.params.url);
      children.push(
        span('url flow', 'internal', e.requestedAt, e.completion?.at ?? endAt, {
          ...(host && { 'server.address': host }),
          'elicitation_inspector.url.completed': e.completion !== undefined,
        }),
      );
    }
  }
  children.sort((a, b) => a.startAt - b.startAt);
  const target = call.method === 'resources/read' ? '' : ` ${call.name}`;
  return { ...span(`${call.method}${target}`, 'client', startAt, endAt, attributes), ...(error && { error }), children };
}

function fieldsOf(schema: unknown): string | undefined {
  const properties = typeof schema === 'object' && schema !== null && 'properties' in schema ? schema.properties : undefined;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties).join(',') || undefined : undefined;
}

function errorOf(end: EventOf<'call-end'> | undefined): string | undefined {
  if (!end) return undefined;
  if (end.outcome === 'timeout' || end.outcome === 'cancelled') return end.outcome;
  if (end.error) return String(end.error.code);
  return end.result?.isError === true ? 'tool_error' : undefined;
}

function span(name: string, kind: SpanPlan['kind'], startAt: number, endAt: number, attributes: SpanAttributes): SpanPlan {
  return { name, kind, startAt, endAt: Math.max(startAt, endAt), attributes, children: [] };
}

function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined; // not a URL the inspector could open either: no host to name
  }
}

/**
 * A session's calls as trace spans, planned from the log's entries alone (no
 * OpenTelemetry here: otlp-export.ts turns a plan into SDK spans). Each call is a
 * trace: the call's span, and under it a span per request leg (round), per
 * elicitation wait, per URL flow and per polling pause. Attribute names are those
 * of OpenTelemetry's MCP and GenAI conventions where they exist, else under
 * `elicitation_inspector.`. What a person typed, a call's arguments and a URL's
 * path and query are never attributes: a trace backend is not where secrets go.
 */
import type { EventOf, LogEvent } from '../wire/events';

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

type Leg = { round: number; rpcId: string; reason: string; sentAt?: number; answeredAt?: number };
type Wait = { key: string; mode: string; shownAt: number; answeredAt?: number; answer?: string; fields?: string; urlHost?: string; completedAt?: number };
type Draft = { start: EventOf<'call-start'>; end?: EventOf<'call-end'>; legs: Leg[]; waits: Wait[] };

/** One plan per call, in the order the calls started; a call the file ends before ends at the last entry. */
export function planTraces(events: readonly LogEvent[]): SpanPlan[] {
  const calls = new Map<string, Draft>();
  const order: Draft[] = [];
  const legs = new Map<string, Leg>();
  // The request is logged before the call-round that names it: its time is looked up once the call is read.
  const sentAt = new Map<string, number>();
  const waits = new Map<string, Wait>();
  const session: SpanAttributes = {};
  let lastAt = 0;
  for (const event of events) {
    lastAt = Math.max(lastAt, event.at);
    switch (event.kind) {
      case 'session-state':
        if (event.state === 'connecting') session['network.transport'] = event.target.transport === 'stdio' ? 'pipe' : 'tcp';
        if (event.state === 'ready') session['mcp.protocol.version'] = event.protocolVersion;
        break;
      case 'call-start': {
        const draft: Draft = { start: event, legs: [], waits: [] };
        calls.set(event.callId, draft);
        order.push(draft);
        break;
      }
      case 'call-round': {
        const leg: Leg = { round: event.round, rpcId: String(event.rpcId), reason: event.reason, sentAt: sentAt.get(String(event.rpcId)) ?? event.at };
        calls.get(event.callId)?.legs.push(leg);
        legs.set(leg.rpcId, leg);
        break;
      }
      case 'rpc-out': {
        const id = String(event.message.id);
        if (!sentAt.has(id)) sentAt.set(id, event.at);
        break;
      }
      case 'rpc-in': {
        const leg = legs.get(String(event.message.id));
        if (leg) leg.answeredAt ??= event.at;
        break;
      }
      case 'call-end': {
        const draft = calls.get(event.callId);
        if (draft) draft.end = event;
        break;
      }
      case 'elicitation': {
        const draft = event.callId === undefined ? undefined : calls.get(event.callId);
        if (!draft) break;
        const wait = waitOf(event);
        draft.waits.push(wait);
        waits.set(event.key, wait);
        break;
      }
      case 'action': {
        const wait = event.key === undefined ? undefined : waits.get(event.key);
        if (wait && (event.action === 'accept' || event.action === 'decline' || event.action === 'cancel')) {
          wait.answer ??= event.action;
          wait.answeredAt ??= event.at;
        }
        break;
      }
      case 'elicitation-end': {
        const wait = waits.get(event.key);
        if (wait) {
          wait.answer ??= event.action ?? event.outcome;
          wait.answeredAt ??= event.at;
        }
        break;
      }
      case 'url-complete': {
        const wait = waits.get(event.key);
        if (wait) wait.completedAt ??= event.at;
        break;
      }
      default:
        break;
    }
  }
  return order.map((draft) => callSpan(draft, session, draft.end?.at ?? lastAt));
}

function waitOf(event: EventOf<'elicitation'>): Wait {
  const schema = event.params.requestedSchema;
  const properties = typeof schema === 'object' && schema !== null && 'properties' in schema ? schema.properties : undefined;
  const fields = typeof properties === 'object' && properties !== null ? Object.keys(properties).join(',') : undefined;
  return { key: event.key, mode: event.mode, shownAt: event.at, ...(fields && { fields }), ...(event.mode === 'url' && { urlHost: hostOf(event.params.url) }) };
}

function callSpan(draft: Draft, session: SpanAttributes, endAt: number): SpanPlan {
  const { start, end } = draft;
  const attributes: SpanAttributes = { ...session, 'mcp.method.name': start.method, 'elicitation_inspector.call.id': start.callId };
  if (start.method === 'tools/call') Object.assign(attributes, { 'gen_ai.tool.name': start.name, 'gen_ai.operation.name': 'execute_tool' });
  if (start.method === 'prompts/get') attributes['gen_ai.prompt.name'] = start.name;
  attributes['elicitation_inspector.call.outcome'] = end?.outcome ?? 'running';
  attributes['elicitation_inspector.call.rounds'] = draft.legs.length;
  const error = errorOf(end);
  if (end?.error && typeof end.error.code === 'number') attributes['rpc.response.status_code'] = String(end.error.code);
  const children: SpanPlan[] = [];
  let previous: Leg | undefined;
  for (const leg of draft.legs) {
    const sentAt = leg.sentAt ?? start.at;
    // 2026-07-28 polling: the client waited before retrying with the requestState alone.
    if (previous?.answeredAt !== undefined && leg.reason === 'request-state' && sentAt > previous.answeredAt) {
      children.push(span('polling pause', 'internal', previous.answeredAt, sentAt, { 'elicitation_inspector.round': leg.round }));
    }
    children.push(
      span(`round ${leg.round}`, 'client', sentAt, leg.answeredAt ?? endAt, {
        'mcp.method.name': start.method,
        'jsonrpc.request.id': leg.rpcId,
        'elicitation_inspector.round': leg.round,
        'elicitation_inspector.round.reason': leg.reason,
      }),
    );
    previous = leg;
  }
  for (const wait of draft.waits) {
    const waitAttributes: SpanAttributes = {
      'elicitation_inspector.elicitation.mode': wait.mode,
      'elicitation_inspector.elicitation.answer': wait.answer ?? 'none',
      ...(wait.fields && { 'elicitation_inspector.elicitation.fields': wait.fields }),
    };
    children.push(span(wait.mode === 'sampling' ? 'sampling wait' : 'elicitation wait', 'internal', wait.shownAt, wait.answeredAt ?? endAt, waitAttributes));
    if (wait.mode === 'url') {
      children.push(
        span('url flow', 'internal', wait.shownAt, wait.completedAt ?? endAt, {
          ...(wait.urlHost && { 'server.address': wait.urlHost }),
          'elicitation_inspector.url.completed': wait.completedAt !== undefined,
        }),
      );
    }
  }
  children.sort((a, b) => a.startAt - b.startAt);
  const target = start.method === 'resources/read' ? '' : ` ${start.name}`;
  return { ...span(`${start.method}${target}`, 'client', start.at, endAt, attributes), ...(error && { error }), children };
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

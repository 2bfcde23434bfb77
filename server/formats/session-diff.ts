/**
 * Two sessions compared call by call. Calls are aligned by method, name and order
 * (the second `confirm_order` of one with the second of the other), elicitations
 * within a call by order, so a 2025 push and a 2026-07-28 round that ask the same
 * fields line up; what only an era has (rounds, requestState) is compared only
 * between sessions of one era, and the era difference is said once.
 */
import type { DiffCall, DiffChange, DiffSide, SessionDiff } from '../wire/session-diff';
import type { CallDigest, CallTiming, ElicitationDigest, SessionDigest } from './call-digest';
import { schemaChanges } from './schema-diff';

/** A time differs only past this many ms (and by more than half): a run's own jitter is not a change. */
export const DEFAULT_TIME_THRESHOLD_MS = 200;

export type DiffInput = { source: string; digest: SessionDigest };

export function diffSessions(a: DiffInput, b: DiffInput, timeThresholdMs = DEFAULT_TIME_THRESHOLD_MS): SessionDiff {
  const sameEra = a.digest.era === b.digest.era;
  const calls: DiffCall[] = [];
  const keyed = (digest: SessionDigest) => {
    const seen = new Map<string, number>();
    return digest.calls.map((call) => {
      const key = `${call.method}\u0000${call.name}`;
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      return { call, id: `${key}\u0000${occurrence}`, occurrence };
    });
  };
  const right = new Map(keyed(b.digest).map((entry) => [entry.id, entry]));
  for (const { call, id, occurrence } of keyed(a.digest)) {
    const other = right.get(id);
    right.delete(id);
    const head = { method: call.method, name: call.name, occurrence };
    if (!other) {
      calls.push({ ...head, status: 'only-a', changes: [], ...timesOf(call, undefined) });
      continue;
    }
    const changes = callChanges(call, other.call, { sameEra, timeThresholdMs });
    calls.push({ ...head, status: changes.length ? 'changed' : 'same', changes, ...timesOf(call, other.call) });
  }
  for (const { call, occurrence } of right.values())
    calls.push({ method: call.method, name: call.name, occurrence, status: 'only-b', changes: [], ...timesOf(undefined, call) });
  const eraDifference = revisionNote(a.digest, b.digest);
  return {
    a: side(a),
    b: side(b),
    ...(eraDifference && { eraDifference }),
    timeThresholdMs,
    calls,
    isDifferent: calls.some((call) => call.status !== 'same'),
  };
}

/** Each side's time split, for a script that wants the figures and not only what changed. */
function timesOf(a: CallDigest | undefined, b: CallDigest | undefined): Pick<DiffCall, 'times'> {
  if (!a?.timing && !b?.timing) return {};
  return { times: { ...(a?.timing && { a: a.timing }), ...(b?.timing && { b: b.timing }) } };
}

function side({ source, digest }: DiffInput): DiffSide {
  return {
    source,
    ...(digest.serverName !== undefined && { serverName: digest.serverName }),
    ...(digest.serverVersion !== undefined && { serverVersion: digest.serverVersion }),
    ...(digest.protocolVersion !== undefined && { protocolVersion: digest.protocolVersion }),
    ...(digest.era !== undefined && { era: digest.era }),
    callCount: digest.calls.length,
  };
}

function revisionNote(a: SessionDigest, b: SessionDigest): string | undefined {
  if (a.protocolVersion === b.protocolVersion) return undefined;
  const name = (digest: SessionDigest) => digest.protocolVersion ?? 'no revision (never ready)';
  if (a.era === b.era) return `A spoke ${name(a)}, B ${name(b)}.`;
  const how = (digest: SessionDigest) => (digest.era === 'modern' ? 'input_required rounds' : 'elicitations pushed by the server');
  return `A spoke ${name(a)} (${how(a)}), B ${name(b)} (${how(b)}): elicitations are compared by what they ask; rounds and requestState are not compared.`;
}

function callChanges(a: CallDigest, b: CallDigest, options: { sameEra: boolean; timeThresholdMs: number }): DiffChange[] {
  const changes: DiffChange[] = [];
  const differ = (aspect: DiffChange['aspect'], what: string, x: string | undefined, y: string | undefined) => {
    if (x !== y) changes.push({ aspect, what, ...(x !== undefined && { a: x }), ...(y !== undefined && { b: y }) });
  };
  const count = Math.max(a.elicitations.length, b.elicitations.length);
  for (let i = 0; i < count; i += 1) changes.push(...elicitationChanges(`elicitation ${i + 1}`, a.elicitations[i], b.elicitations[i]));
  if (options.sameEra) {
    differ('rounds', 'rounds', String(a.rounds), String(b.rounds));
    differ('request-state', 'requestState', a.hasRequestState ? 'sent' : 'none', b.hasRequestState ? 'sent' : 'none');
  }
  differ('outcome', 'outcome', a.outcome, b.outcome);
  differ('result-text', 'result text', comparable(a.text), comparable(b.text));
  differ('structured-content', 'structuredContent', json(a.structuredContent), json(b.structuredContent));
  differ('outcome', 'isError', a.isError === undefined ? undefined : String(a.isError), b.isError === undefined ? undefined : String(b.isError));
  differ('error', 'error', comparable(a.error), comparable(b.error));
  const findingsA = new Set(a.findings);
  const findingsB = new Set(b.findings);
  for (const code of a.findings) if (!findingsB.has(code)) changes.push({ aspect: 'findings', what: `finding ${code} gone`, a: code });
  for (const code of b.findings) if (!findingsA.has(code)) changes.push({ aspect: 'findings', what: `finding ${code} new`, b: code });
  if (a.timing && b.timing) changes.push(...timingChanges(a.timing, b.timing, options.timeThresholdMs));
  return changes;
}

function elicitationChanges(label: string, a: ElicitationDigest | undefined, b: ElicitationDigest | undefined): DiffChange[] {
  if (!a || !b) {
    const asked = (a ?? b) as ElicitationDigest;
    const shown = `${asked.mode}${asked.message === undefined ? '' : `: ${comparable(asked.message)}`}`;
    return [{ aspect: 'elicitation', what: `${label} ${a ? 'no longer asked' : 'newly asked'}`, ...(a ? { a: shown } : { b: shown }) }];
  }
  const changes: DiffChange[] = [];
  const differ = (aspect: DiffChange['aspect'], what: string, x: string | undefined, y: string | undefined) => {
    if (x !== y) changes.push({ aspect, what: `${label}: ${what}`, ...(x !== undefined && { a: x }), ...(y !== undefined && { b: y }) });
  };
  differ('elicitation', 'mode', a.mode, b.mode);
  differ('elicitation', 'message', comparable(a.message), comparable(b.message));
  changes.push(...schemaChanges(label, a.schema, b.schema));
  differ('answer', 'answer', a.answer, b.answer);
  // Field by field: a person looks for the value they typed, not a JSON blob.
  const fields = [...new Set([...Object.keys(a.content ?? {}), ...Object.keys(b.content ?? {})])];
  for (const field of fields) differ('answer', `answer "${field}"`, json(a.content?.[field]), json(b.content?.[field]));
  return changes;
}

const TIMES: [keyof CallTiming, string][] = [
  ['serverMs', 'server time'],
  ['proxyMs', 'network/proxy time'],
  ['personMs', 'person time'],
];

function timingChanges(a: CallTiming, b: CallTiming, thresholdMs: number): DiffChange[] {
  return TIMES.flatMap(([field, what]) => {
    const [x, y] = [a[field], b[field]];
    const isChange = Math.abs(x - y) > thresholdMs && Math.abs(x - y) > Math.max(x, y) / 2;
    return isChange ? [{ aspect: 'timing' as const, what, a: `${x} ms`, b: `${y} ms` }] : [];
  });
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** Text as compared: ids a server mints afresh each run (UUIDs) read as `<id>`, so two runs of one flow are the same. */
function comparable(text: string | undefined): string | undefined {
  return text?.replace(UUID, '<id>');
}

/** JSON with sorted keys: an object's key order is not a change. */
function json(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return comparable(
    JSON.stringify(value, (_key, item: unknown) =>
      isPlainObject(item) ? Object.fromEntries(Object.entries(item).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : item,
    ),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Serializing one log entry within its budget (server/wire/limits.ts). Every entry
 * passes here once, so the common case is one JSON.stringify and a scan that is
 * usually skipped; only an entry over budget pays for pruning.
 */
import type { Dropped, DroppedReason, LogEvent } from '../wire/events';
import { MAX_EVENT_CHARS, MAX_EVENT_DEPTH, SALVAGE_CHARS, SALVAGE_ITEMS, SALVAGE_STRING_CHARS } from '../wire/limits';

type Prune = { maxDepth: number; maxItems: number; maxStringChars: number; charsLeft: number };

/**
 * An event as one JSON line, in the canonical key order the raw reader relies on
 * (payload first, then seq, at, sessionId). Never throws: an entry too deep, too
 * large or not serializable is stored cut down, with a `dropped` note.
 */
export function storedJson(event: LogEvent): string {
  let json: string;
  try {
    json = canonicalJson(event);
  } catch (error) {
    return salvage(event, reasonOf(error));
  }
  if (json.length > MAX_EVENT_CHARS) return salvage(event, 'too-large', json.length);
  if (isDeeperThan(json, MAX_EVENT_DEPTH)) return salvage(event, 'too-deep');
  return json;
}

function canonicalJson(event: LogEvent): string {
  const { seq, at, sessionId, ...payload } = event;
  return JSON.stringify({ ...payload, seq, at, sessionId });
}

/** What JSON.stringify's error means: V8 overflows its stack on deep values and cannot build strings past ~512 MB. */
function reasonOf(error: unknown): DroppedReason {
  const message = error instanceof Error ? error.message : '';
  if (/call stack/i.test(message)) return 'too-deep';
  if (/string length/i.test(message)) return 'too-large';
  return 'unserializable';
}

/**
 * Whether JSON text nests deeper than `limit`. Counting brackets (indexOf runs
 * natively) rules out almost every entry without the character-by-character
 * scan: text with at most `limit` opening brackets cannot nest deeper.
 */
export function isDeeperThan(json: string, limit: number): boolean {
  let opening = 0;
  for (let i = json.indexOf('{'); i !== -1 && opening <= limit; i = json.indexOf('{', i + 1)) opening++;
  for (let i = json.indexOf('['); i !== -1 && opening <= limit; i = json.indexOf('[', i + 1)) opening++;
  if (opening <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** The entry cut down to budget, with a note saying what was left out and why. */
function salvage(event: LogEvent, reason: DroppedReason, originalChars?: number): string {
  const { seq, at, sessionId } = event;
  const what = describe(event);
  try {
    const isTooLarge = reason === 'too-large';
    const budget: Prune = isTooLarge
      ? { maxDepth: MAX_EVENT_DEPTH, maxItems: SALVAGE_ITEMS, maxStringChars: SALVAGE_STRING_CHARS, charsLeft: SALVAGE_CHARS }
      : { maxDepth: MAX_EVENT_DEPTH, maxItems: Infinity, maxStringChars: Infinity, charsLeft: Infinity };
    const sizeMb = originalChars === undefined ? undefined : (originalChars / 1024 / 1024).toFixed(1);
    const message = isTooLarge
      ? `dropped: ${sizeMb === undefined ? 'larger than JavaScript can hold as one string' : `${sizeMb} MB`}, over the ${MAX_EVENT_CHARS / 1024 / 1024} MB budget for one entry; kept an outline (${what})`
      : reason === 'too-deep'
        ? `dropped: nested deeper than ${MAX_EVENT_DEPTH} levels (${what})`
        : `dropped: could not be serialized (${what})`;
    const dropped: Dropped = originalChars === undefined ? { reason, message } : { reason, message, originalChars };
    const { seq: _seq, at: _at, sessionId: _sessionId, dropped: _earlier, ...payload } = event;
    const pruned = prune(payload, 1, budget, marker(reason)) as Record<string, unknown>;
    const json = JSON.stringify({ ...pruned, dropped, seq, at, sessionId });
    // Pruning for depth can still leave too much (a wide value); then cut it to an outline as well.
    if (json.length > MAX_EVENT_CHARS) return salvage(event, 'too-large', originalChars ?? json.length);
    return json;
  } catch (error) {
    // Nothing left to try: keep the entry's place in the log (seq stays gap-free) as an error that says so.
    const message = `dropped: a ${what} entry could not be stored (${error instanceof Error ? error.message : String(error)})`;
    return JSON.stringify({ kind: 'proxy-error', error: { code: 'internal', message }, dropped: { reason: 'unserializable', message }, seq, at, sessionId });
  }
}

function marker(reason: DroppedReason): string {
  return reason === 'too-deep' ? `[dropped: nested deeper than ${MAX_EVENT_DEPTH} levels]` : '[dropped: over budget]';
}

/** A copy of `value` within the budget; recursion stops at maxDepth, so a deep value cannot overflow here. */
function prune(value: unknown, level: number, budget: Prune, note: string): unknown {
  if (typeof value === 'string') {
    const kept =
      value.length > budget.maxStringChars
        ? `${value.slice(0, budget.maxStringChars)}[dropped: ${value.length - budget.maxStringChars} more characters]`
        : value;
    budget.charsLeft -= kept.length;
    return kept;
  }
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return '[dropped: not JSON]';
  if (typeof value !== 'object' || value === null) return value;
  if (level > budget.maxDepth) return note;
  // Out of room: an empty array or object keeps the entry's shape valid where its schema wants one.
  if (budget.charsLeft <= 0) return Array.isArray(value) ? [] : { '[dropped]': note };
  if (Array.isArray(value)) return value.slice(0, budget.maxItems).map((item) => prune(item, level + 1, budget, note));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, budget.maxItems)) {
    budget.charsLeft -= key.length;
    out[key.length > budget.maxStringChars ? key.slice(0, budget.maxStringChars) : key] = prune(
      (value as Record<string, unknown>)[key],
      level + 1,
      budget,
      note,
    );
  }
  return out;
}

/** The kind and whatever identifies the entry, for the note: "rpc-in notifications/message", "rpc-in response #4", "call-end c2". */
function describe(event: LogEvent): string {
  if (event.kind === 'rpc-in' || event.kind === 'rpc-out') {
    const { method, id } = event.message;
    const name = typeof method === 'string' ? method.slice(0, 100) : 'response';
    return typeof id === 'string' || typeof id === 'number' ? `${event.kind} ${name} #${String(id).slice(0, 100)}` : `${event.kind} ${name}`;
  }
  if ('callId' in event && typeof event.callId === 'string') return `${event.kind} ${event.callId}`;
  return event.kind;
}

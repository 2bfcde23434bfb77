/**
 * SEP-2356: a file input's value is the whole file as a data: URI, and the proposal
 * says a host MUST redact such values in its transport logs. Every data: URI the
 * client sends (an answer's content, the response to an elicitation/create, a
 * retry's inputResponses, a tool's arguments) is recorded as its media type, decoded
 * size and SHA-256 instead (redactedDataUri), before the entry is serialized: the
 * session file, the pages, the exports and the traces all read that. A session whose
 * `proposals.keepFileBytes` is on (`--keep-file-bytes`) keeps the bytes.
 */
import { createHash } from 'node:crypto';
import type { NewLogEvent } from '../wire/events';
import { MAX_EVENT_DEPTH } from '../wire/limits';
import { readRedactedDataUri, redactedDataUri } from '../wire/proposals';

/** RFC 2397's shape up to its comma: `data:`, a media type and parameters without spaces, then `,`. Free text that starts with "data: " is not one. */
const DATA_URI = /^data:[^,\s]*,/i;

/** The entry with the bytes of every data: URI the client sent left out; the same object when it sent none. */
export function withoutFileBytes(event: NewLogEvent): NewLogEvent {
  switch (event.kind) {
    case 'rpc-out': {
      const message = redactIn(event.message, 0);
      return message === event.message ? event : { ...event, message };
    }
    case 'action': {
      const content = event.content && redactIn(event.content, 0);
      return content === event.content ? event : { ...event, content };
    }
    case 'call-start': {
      const args = event.arguments && redactIn(event.arguments, 0);
      return args === event.arguments ? event : { ...event, arguments: args };
    }
    default:
      return event;
  }
}

/**
 * `value` with each data: URI in it redacted, copied only where one was. The walk
 * stops where the log stops keeping entries whole: what lies deeper than
 * MAX_EVENT_DEPTH is dropped from the stored entry anyway (entry-budget.ts).
 */
function redactIn<T>(value: T, depth: number): T {
  if (typeof value === 'string') return (DATA_URI.test(value) && !readRedactedDataUri(value) ? redactDataUri(value) : value) as T;
  if (typeof value !== 'object' || value === null || depth > MAX_EVENT_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const redacted = redactIn(item, depth + 1);
      if (redacted !== item) (copy ??= [...value])[i] = redacted;
    });
    return (copy ?? value) as T;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(record)) {
    const redacted: unknown = redactIn(item, depth + 1);
    if (redacted !== item) (copy ??= { ...record })[key] = redacted;
  }
  return (copy ?? value) as T;
}

function redactDataUri(value: string): string {
  const comma = value.indexOf(',');
  const header = value.slice(5, comma);
  const isBase64 = /;base64$/i.test(header);
  const mediaType = ((isBase64 ? header.slice(0, -7) : header).split(';')[0] ?? '').trim().toLowerCase().slice(0, 100) || 'text/plain';
  const data = value.slice(comma + 1);
  const bytes = isBase64 ? Buffer.from(data, 'base64') : percentDecoded(data);
  return redactedDataUri(mediaType, isBase64, bytes.length, createHash('sha256').update(bytes).digest('hex'));
}

/** RFC 2397's other encoding: `%XX` is one byte, any other character its UTF-8 bytes. */
function percentDecoded(data: string): Buffer {
  const chunks: Buffer[] = [];
  let last = 0;
  for (const match of data.matchAll(/%[0-9A-Fa-f]{2}/g)) {
    chunks.push(Buffer.from(data.slice(last, match.index), 'utf8'), Buffer.from([parseInt(match[0].slice(1), 16)]));
    last = match.index + 3;
  }
  chunks.push(Buffer.from(data.slice(last), 'utf8'));
  return Buffer.concat(chunks);
}

/**
 * The budgets every boundary that parses or serializes outside data keeps to:
 * the session log (every entry, whatever its source), the WebSocket (both ways)
 * and import. Whatever is over budget is dropped with a note on its entry that
 * says what and why (`dropped` in events.ts); nothing over budget takes the proxy
 * or the page down. Documented in the README ("Limits").
 */

/**
 * How deep one log entry may nest, counting the entry itself as level 1 (an
 * rpc-in's `message` is level 2, its `params` level 3). Parts deeper than this are
 * replaced by a note. Real schemas and results nest a few dozen levels at most;
 * a browser's recursive renderers and JSON.stringify overflow at some thousands.
 */
export const MAX_EVENT_DEPTH = 128;

/**
 * How large one log entry may be as JSON, in UTF-16 characters (about bytes for
 * ASCII JSON). Room for a large screenshot as base64; a larger entry is cut down
 * to its outline (see the SALVAGE_ limits).
 */
export const MAX_EVENT_CHARS = 8 * 1024 * 1024;

/**
 * An entry over MAX_EVENT_CHARS is cut down to an outline of about this many
 * characters: the first SALVAGE_ITEMS items or keys of each array and object,
 * the first SALVAGE_STRING_CHARS characters of each string, depth first, enough
 * to tell what it was (its method, id, the start of its text).
 */
export const SALVAGE_CHARS = 64 * 1024;
export const SALVAGE_ITEMS = 100;
export const SALVAGE_STRING_CHARS = 1024;

/**
 * The largest WebSocket message either side accepts, in bytes: the proxy closes
 * a socket that sends a larger frame, and the page refuses to send one (with a
 * message) rather than lose its connection.
 */
export const MAX_WS_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * The largest session file an import takes, in bytes (512 MiB: some 1M entries of a
 * real session). The proxy refuses a larger one before reading it, or as soon as a
 * chunked upload passes it; the page refuses it before sending a byte.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/** "498.2 MiB": a size as a person reads it, in the unit the limits are set in. */
export function formatMiB(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

/* The bounds of the big-session queries (queries.ts): every answer stays small, whatever the session's size. */

/** At most this many rows in one `read-entries` answer. */
export const MAX_ROWS_PER_READ = 500;
/** At most this many seqs in one `find-entries` answer; `offset` pages through the rest. */
export const MAX_SEQS_PER_FIND = 200_000;
/** At most this many calls in one `list-calls` answer; `offset` pages back through older ones. */
export const MAX_CALLS_PER_LIST = 200;
/** A call's outline keeps at most this many entries (its start and end always among them): a call of ten thousand rounds stays small. */
export const MAX_OUTLINE_PER_CALL = 40;
/** Sessions with more entries than this open windowed (see app/model/entry-window.ts); smaller ones replay whole. */
export const WINDOWED_MIN_ENTRIES = 5000;

/**
 * Parsing what the page receives, with the same care as the proxy parses
 * commands: a push that does not match its schema never reaches the page's
 * model as if it did.
 */
import { z } from 'zod';
import { formatIssues, type ServerPush, type SessionSummary } from './commands';
import { LogEventSchema, WireErrorSchema, type LogEvent } from './events';
import { RuleSetSchema } from './rules';
import { SessionSettingsSchema, TargetSummarySchema } from './target';

export const SessionSummarySchema = z.object({
  sessionId: z.string(),
  target: TargetSummarySchema,
  settings: SessionSettingsSchema,
  startedAt: z.number(),
  endedAt: z.number().optional(),
  isLive: z.boolean(),
  isImported: z.boolean().optional(),
  eventCount: z.number(),
  serverName: z.string().optional(),
}) satisfies z.ZodType<SessionSummary>;

const ServerPushSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reply'), id: z.number(), ok: z.boolean(), result: z.unknown().optional(), error: WireErrorSchema.optional() }),
  /** Events are checked one by one below, so one bad entry does not cost the rest of its batch. */
  z.object({ type: z.literal('events'), sessionId: z.string(), events: z.array(z.unknown()) }),
  z.object({ type: z.literal('sessions'), sessions: z.array(SessionSummarySchema) }),
  z.object({ type: z.literal('hello'), version: z.string(), eventSchemaVersion: z.number() }),
  z.object({
    type: z.literal('configured'),
    configured: z.object({
      source: z.string(),
      notes: z.array(z.string()),
      servers: z.array(z.object({ name: z.string(), target: TargetSummarySchema, isDisabled: z.boolean(), notes: z.array(z.string()) })),
    }),
  }),
  z.object({ type: z.literal('standing-rules'), rules: RuleSetSchema }),
]);

export type ParsedPush = { ok: true; push: ServerPush } | { ok: false; message: string; replyId: number | undefined };

/** Parse one push. Never throws. An event that fails its schema becomes a proxy-error entry in its place (same seq), saying why. */
export function parseServerPush(text: string): ParsedPush {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `The inspector sent something that is not JSON (${error instanceof Error ? error.message : String(error)}).`,
      replyId: undefined,
    };
  }
  const parsed = ServerPushSchema.safeParse(raw);
  if (!parsed.success) {
    const id = z.object({ type: z.literal('reply'), id: z.number() }).safeParse(raw);
    return {
      ok: false,
      message: `The inspector sent a message the page cannot read: ${formatIssues(parsed.error.issues)}.`,
      replyId: id.success ? id.data.id : undefined,
    };
  }
  const push = parsed.data;
  switch (push.type) {
    case 'reply':
      if (push.ok) return { ok: true, push: { type: 'reply', id: push.id, ok: true, result: push.result } };
      return {
        ok: true,
        push: {
          type: 'reply',
          id: push.id,
          ok: false,
          error: push.error ?? { code: 'internal', message: 'The command failed; the inspector gave no reason.' },
        },
      };
    case 'events':
      return { ok: true, push: { type: 'events', sessionId: push.sessionId, events: push.events.flatMap((event) => checkedEvent(event, push.sessionId)) } };
    default:
      return { ok: true, push };
  }
}

const EntryPlaceSchema = z.object({ seq: z.number().int().positive(), at: z.number() });

function checkedEvent(raw: unknown, sessionId: string): LogEvent[] {
  const event = LogEventSchema.safeParse(raw);
  if (event.success) return [event.data];
  // Keep the entry's place so the log stays gap-free; without a seq there is no place to keep.
  const place = EntryPlaceSchema.safeParse(raw);
  if (!place.success) return [];
  const kind = typeof raw === 'object' && raw !== null && 'kind' in raw ? String(raw.kind).slice(0, 40) : 'unknown';
  const message = `dropped: the page could not read this ${kind} entry: ${formatIssues(event.error.issues)}`;
  return [{ kind: 'proxy-error', ...place.data, sessionId, error: { code: 'internal', message }, dropped: { reason: 'invalid', message } }];
}

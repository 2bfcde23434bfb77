/**
 * The WebSocket protocol between the page and the proxy: commands up, replies and
 * pushes down. Every command carries an `id` that its reply echoes.
 */
import { z } from 'zod';
import { ElicitActionSchema, type LogEvent, type WireError } from './events';
import type { DoctorReport } from './doctor';
import { RuleSetSchema, type RuleSet } from './rules';
import { QUERY_COMMANDS, type QueryResults } from './queries';
import { CATALOG_COMMANDS, type CatalogResults } from './catalog';
import { APP_VIEW_COMMANDS, type AppViewResults } from './app-bridge';
import type { RunReport, ScenarioInput } from './scenario';
import { RootsSettingsSchema, SessionSettingsSchema, TargetSchema, type SessionSettings, type TargetSummary } from './target';

const SessionRef = { sessionId: z.string().min(1) };

export const ClientCommandSchema = z.discriminatedUnion('type', [
  /** Start following a session's log from `afterSeq` (0 = from the start). Replaces any previous subscription of this socket. */
  z.object({ type: z.literal('subscribe'), id: z.number(), params: z.object({ ...SessionRef, afterSeq: z.number().int().min(0).default(0) }) }),
  z.object({
    type: z.literal('connect'),
    id: z.number(),
    params: z.object({ target: TargetSchema, settings: SessionSettingsSchema.default(SessionSettingsSchema.parse({})) }),
  }),
  /** Connect again to the target of an earlier session, with its settings unless new ones are given. */
  z.object({ type: z.literal('reconnect'), id: z.number(), params: z.object({ ...SessionRef, settings: SessionSettingsSchema.optional() }) }),
  z.object({ type: z.literal('disconnect'), id: z.number(), params: z.object(SessionRef) }),
  z.object({ type: z.literal('list-tools'), id: z.number(), params: z.object(SessionRef) }),
  z.object({
    type: z.literal('call-tool'),
    id: z.number(),
    params: z.object({
      ...SessionRef,
      name: z.string().min(1),
      arguments: z.record(z.string(), z.unknown()).default({}),
      /** Run the call as a task (2025-11-25), for a tool whose execution.taskSupport allows it. */
      asTask: z.boolean().optional(),
    }),
  }),
  z.object({ type: z.literal('cancel-call'), id: z.number(), params: z.object({ ...SessionRef, callId: z.string() }) }),
  z.object({ type: z.literal('retry-call'), id: z.number(), params: z.object({ ...SessionRef, callId: z.string() }) }),
  z.object({
    type: z.literal('set-call-timer'),
    id: z.number(),
    params: z.object({ ...SessionRef, callId: z.string(), suspended: z.boolean() }),
  }),
  z.object({
    type: z.literal('answer-elicitation'),
    id: z.number(),
    params: z.object({
      ...SessionRef,
      key: z.string(),
      action: ElicitActionSchema,
      content: z.record(z.string(), z.unknown()).optional(),
      /** Send content that fails the requested schema, to test the server's own validation. */
      skipValidation: z.boolean().default(false),
      /** `app`: the server's MCP App gave this answer (SEP-3118); it is checked like a person's and logged as the app's. */
      actor: z.enum(['user', 'app']).default('user'),
    }),
  }),
  /** Things the person did that the server never sees, kept for the story: opening or copying a URL, dismissing an item. */
  z.object({
    type: z.literal('record-action'),
    id: z.number(),
    params: z.object({ ...SessionRef, key: z.string(), action: z.enum(['open-url', 'copy-url', 'mark-done', 'dismiss']) }),
  }),
  z.object({ type: z.literal('delete-session'), id: z.number(), params: z.object(SessionRef) }),
  /** A live stdio tapped session: hold the server's elicitations from the host and answer them here, or stop (docs/tap.md). */
  z.object({ type: z.literal('set-tap-hold'), id: z.number(), params: z.object({ ...SessionRef, isOn: z.boolean() }) }),
  /** Replace a live session's response rules (they are saved with its settings, so a reconnect keeps them). */
  z.object({ type: z.literal('set-rules'), id: z.number(), params: z.object({ ...SessionRef, rules: RuleSetSchema }) }),
  /**
   * Replace the rules given at start (`--rules`) that the sessions the page opens get while it sends none of
   * its own: the person changed them with no session live. Refused when the inspector was started without them.
   */
  z.object({ type: z.literal('set-standing-rules'), id: z.number(), params: z.object({ rules: RuleSetSchema }) }),
  /**
   * Run a scenario headless in the proxy, as `elicitation-inspector run` does. The scenario is parsed by
   * the proxy (so its errors read as the CLI's); each run is an ordinary session the page can open.
   */
  z.object({ type: z.literal('run-scenario'), id: z.number(), params: z.object({ scenario: z.unknown() }) }),
  /** Replace a live session's roots; the server is sent notifications/roots/list_changed. */
  z.object({ type: z.literal('set-roots'), id: z.number(), params: z.object({ ...SessionRef, roots: RootsSettingsSchema.shape.list }) }),
  /** Connect to a server of the proxy's --config file, by its name there (its secrets stay in the proxy). */
  z.object({
    type: z.literal('connect-configured'),
    id: z.number(),
    params: z.object({ name: z.string().min(1), settings: SessionSettingsSchema.default(SessionSettingsSchema.parse({})) }),
  }),
  /** Run the connection doctor on a session's target (one driven in this run: a record has no secrets to reach it with). */
  z.object({ type: z.literal('diagnose'), id: z.number(), params: z.object(SessionRef) }),
  /** A scenario written from a recorded session: its calls, the answers given and the results seen. */
  z.object({ type: z.literal('scenario-from-session'), id: z.number(), params: z.object(SessionRef) }),
  /** Forget the OAuth tokens of a live HTTP or SSE session's server (memory and the data dir's token file). */
  z.object({ type: z.literal('sign-out'), id: z.number(), params: z.object(SessionRef) }),
  /** Big sessions: rows, counts and filter results asked for, answered from the file (queries.ts). */
  ...QUERY_COMMANDS,
  /** Prompts and resources: list them, get a prompt, read a resource (catalog.ts). */
  ...CATALOG_COMMANDS,
  /** SEP-3118: a server's app view for a form request, and what the app tried outside the protocol (app-bridge.ts). */
  ...APP_VIEW_COMMANDS,
]);
export type ClientCommand = z.infer<typeof ClientCommandSchema>;
export type ClientCommandInput = z.input<typeof ClientCommandSchema>;
export type CommandType = ClientCommand['type'];

/** What each command's successful reply carries. */
export type CommandResults = {
  subscribe: { lastSeq: number };
  connect: { sessionId: string };
  reconnect: { sessionId: string };
  disconnect: Record<string, never>;
  'list-tools': { count: number };
  'call-tool': { callId: string };
  'cancel-call': Record<string, never>;
  'retry-call': Record<string, never>;
  'set-call-timer': Record<string, never>;
  'answer-elicitation': Record<string, never>;
  'record-action': Record<string, never>;
  'delete-session': Record<string, never>;
  'set-tap-hold': Record<string, never>;
  'set-rules': Record<string, never>;
  'set-standing-rules': Record<string, never>;
  'set-roots': Record<string, never>;
  'connect-configured': { sessionId: string };
  diagnose: DoctorReport;
  'run-scenario': { runs: RunReport[] };
  'scenario-from-session': { scenario: ScenarioInput };
  'sign-out': Record<string, never>;
} & QueryResults &
  CatalogResults &
  AppViewResults;

/** One line per session, for the session list. */
export type SessionSummary = {
  sessionId: string;
  target: TargetSummary;
  settings: SessionSettings;
  startedAt: number;
  endedAt?: number;
  /** Live sessions can be driven; the rest are read-only records. */
  isLive: boolean;
  /** Imported from a file rather than recorded by this proxy. */
  isImported?: boolean;
  eventCount: number;
  serverName?: string;
};

/** The servers of the proxy's --config file, as the page may see them. */
export type ConfiguredSummary = {
  source: string;
  notes: string[];
  servers: { name: string; target: TargetSummary; isDisabled: boolean; notes: string[] }[];
};

export type ServerPush =
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: WireError }
  | { type: 'events'; sessionId: string; events: LogEvent[] }
  | { type: 'sessions'; sessions: SessionSummary[] }
  | { type: 'configured'; configured: ConfiguredSummary }
  /**
   * The rules a session the page opens gets while the page sends none of its own: those given with
   * `--rules`, then the person's last change to a session's rules. Sent only when some were given at start.
   */
  | { type: 'standing-rules'; rules: RuleSet }
  | { type: 'hello'; version: string; eventSchemaVersion: number };

/** Parse one message from the page. Never throws: a bad message becomes a typed error. */
export function parseClientCommand(raw: unknown): { ok: true; command: ClientCommand } | { ok: false; id: number | undefined; error: WireError } {
  const parsed = ClientCommandSchema.safeParse(raw);
  if (parsed.success) return { ok: true, command: parsed.data };
  const id = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'number' ? (raw as { id: number }).id : undefined;
  return {
    ok: false,
    id,
    error: { code: 'invalid-command', message: formatIssues(parsed.error.issues), detail: parsed.error.issues },
  };
}

export function formatIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

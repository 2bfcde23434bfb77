/**
 * The session log: an append-only list of typed events, discriminated on `kind`.
 * The proxy writes it; the browser derives every view from it; exported session
 * files are this list, one JSON object a line, after a header line.
 *
 * Bump EVENT_SCHEMA_VERSION on any incompatible change and add a modernizer for
 * the previous version beside the importer.
 */
import { z } from 'zod';
import { OAuthEventFields } from './oauth';
import { AuthorizationDenialSchema } from './proposals';
import { RuleRefSchema } from './rules';
import { SessionSettingsSchema, TargetSummarySchema } from './target';

/**
 * 2 added the `oauth` kind, the `sampling` elicitation mode and the `sign-out` and `set-roots` actions.
 * Every version-1 file is a valid version-2 file, so version 1 needs no modernizer; an older inspector
 * refuses a version-2 file by name instead of dropping the entries it cannot read.
 * 3 added the `task-status` kind (tasks, 2025-11-25); version-1 and -2 files are valid version-3 files.
 * 4 added tapped sessions: the `host` actor and a target's `host`; earlier files are valid version-4 files.
 * 5 added the tap's hold: the `tap-hold` kind and an elicitation's `held`; earlier files are valid version-5 files.
 */
export const EVENT_SCHEMA_VERSION = 5;

/** A JSON-RPC message exactly as it crossed the transport. Kept loose on purpose: broken servers are the point. */
export const JsonRpcMessageSchema = z.record(z.string(), z.unknown());
export type JsonRpcMessage = z.infer<typeof JsonRpcMessageSchema>;

export const WireErrorCodeSchema = z.enum([
  'spawn-failed',
  'connect-failed',
  'unauthorized',
  'transport-closed',
  'invalid-command',
  'not-found',
  'timeout',
  'sdk-error',
  'protocol-error',
  'validation-failed',
  'conflict',
  /** The request came from a Host or Origin the inspector does not serve. */
  'forbidden',
  /** An imported session file is empty, too large, damaged or foreign. */
  'invalid-file',
  'internal',
]);
export type WireErrorCode = z.infer<typeof WireErrorCodeSchema>;

export const WireErrorSchema = z.object({
  code: WireErrorCodeSchema,
  message: z.string(),
  detail: z.unknown().optional(),
});
/** An error as the proxy reports it: a stable code, a sentence for people, and whatever the cause carried. */
export type WireError = z.infer<typeof WireErrorSchema>;

/** A JSON-RPC error object as the server sent it. */
export const RpcErrorSchema = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });
export type RpcError = z.infer<typeof RpcErrorSchema>;

export const ElicitActionSchema = z.enum(['accept', 'decline', 'cancel']);
export type ElicitAction = z.infer<typeof ElicitActionSchema>;

/** Where a pending elicitation came from. */
export const ElicitationOriginSchema = z.discriminatedUnion('kind', [
  /** A server→client `elicitation/create` request (2025-era); `rpcId` is the server's JSON-RPC id. */
  z.object({ kind: z.literal('push'), rpcId: z.union([z.string(), z.number()]) }),
  /** An entry of an `input_required` result (2026-07-28 or the legacy shim): round number and inputRequests key. */
  z.object({ kind: z.literal('mrtr'), round: z.number(), inputKey: z.string() }),
  /** An entry of a -32042 URLElicitationRequired error's `data.elicitations`. */
  z.object({ kind: z.literal('url-required'), index: z.number() }),
]);
export type ElicitationOrigin = z.infer<typeof ElicitationOriginSchema>;

export const FindingSeveritySchema = z.enum(['error', 'warning', 'info']);
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;

/** Something the server did that the spec says it should not (or that deserves a look). */
export const FindingSchema = z.object({ code: z.string(), severity: FindingSeveritySchema, message: z.string() });
export type Finding = z.infer<typeof FindingSchema>;

export const DroppedReasonSchema = z.enum(['too-deep', 'too-large', 'unserializable', 'invalid']);
/**
 * Why part of an entry was left out: nested deeper than MAX_EVENT_DEPTH, larger than MAX_EVENT_CHARS,
 * not serializable at all (see limits.ts), or, on the page, an entry that did not match its schema.
 */
export type DroppedReason = z.infer<typeof DroppedReasonSchema>;

/**
 * Set on an entry the log could not keep whole. The entry keeps its kind and
 * everything within budget (a message's method and id, a call's outcome); each
 * part left out is replaced by a string starting "[dropped: ", and this note
 * says what and why, for a person reading the log.
 */
export const DroppedSchema = z.object({
  reason: DroppedReasonSchema,
  /** For people, e.g. "dropped: nested deeper than 128 levels (rpc-in notifications/message)". */
  message: z.string(),
  /** Size of the entry as it came, in JSON characters, when it was measured (too-large). */
  originalChars: z.number().optional(),
});
export type Dropped = z.infer<typeof DroppedSchema>;

const Base = {
  /** Gap-free per session, assigned by the proxy, starting at 1. */
  seq: z.number().int().positive(),
  /** Epoch ms on the proxy's clock. */
  at: z.number(),
  sessionId: z.string(),
  /** Present only when part of the entry was left out to keep it within the log's budgets. */
  dropped: DroppedSchema.optional(),
};

/** The three session-state events share a kind; zod needs them as their own union, on `state`. */
const SessionStateEventSchema = z.discriminatedUnion('state', [
  z.object({
    ...Base,
    kind: z.literal('session-state'),
    state: z.literal('connecting'),
    target: TargetSummarySchema,
    settings: SessionSettingsSchema,
    /** What the client declares, as sent (or as it will be sent in the 2026 `_meta` envelope). */
    clientCapabilities: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...Base,
    kind: z.literal('session-state'),
    state: z.literal('ready'),
    protocolVersion: z.string(),
    era: z.enum(['legacy', 'modern']),
    serverInfo: z.object({ name: z.string(), version: z.string().optional() }).loose().optional(),
    serverCapabilities: z.record(z.string(), z.unknown()).optional(),
    instructions: z.string().optional(),
  }),
  z.object({
    ...Base,
    kind: z.literal('session-state'),
    state: z.literal('closed'),
    /** Why the session ended: the person, the server process, the transport, a failed connect, or the proxy shutting down. */
    reason: z.enum(['user', 'server-exit', 'transport-closed', 'connect-failed', 'idle', 'proxy-exit', 'replaced']),
    error: WireErrorSchema.optional(),
    exitCode: z.number().nullable().optional(),
    signal: z.string().nullable().optional(),
    /** Last stderr lines of a stdio server, oldest first. */
    stderrTail: z.array(z.string()).optional(),
  }),
]);

export const LogEventSchema = z.discriminatedUnion('kind', [
  SessionStateEventSchema,
  z.object({ ...Base, kind: z.literal('rpc-out'), message: JsonRpcMessageSchema }),
  z.object({ ...Base, kind: z.literal('rpc-in'), message: JsonRpcMessageSchema }),
  z.object({
    ...Base,
    kind: z.literal('http'),
    method: z.string(),
    url: z.string(),
    status: z.number().optional(),
    /** Time to response headers, ms. */
    durationMs: z.number(),
    requestHeaders: z.record(z.string(), z.string()),
    responseHeaders: z.record(z.string(), z.string()).optional(),
    /** JSON-RPC ids of the requests in the body, to tie the exchange to its messages (responses we post are not listed). */
    rpcIds: z.array(z.union([z.string(), z.number()])).optional(),
    /**
     * The bodies of an exchange that carries no JSON-RPC (OAuth discovery, registration, token
     * requests) and the response body of any error answer, as text, credentials redacted
     * (redact.ts), cut at 16,000 characters. JSON-RPC bodies are the rpc-in and rpc-out entries.
     */
    requestBody: z.string().optional(),
    responseBody: z.string().optional(),
    error: z.string().optional(),
  }),
  z.object({ ...Base, kind: z.literal('stderr'), text: z.string() }),
  /**
   * A line a stdio server wrote on stdout that is not JSON: stdout is the protocol
   * channel there, and the SDK drops such lines without a word. `text` is the line
   * (cut to 4,000 characters, saying how many more there were). Each comes with a
   * `stdout-not-json` finding. Logged up to a rate (100 lines each 10 s); a
   * `stdout-not-json-dropped` finding counts the lines of a flood that were not.
   */
  z.object({ ...Base, kind: z.literal('stdout'), text: z.string() }),
  z.object({ ...Base, kind: z.literal('tools'), tools: z.array(z.record(z.string(), z.unknown())) }),
  z.object({
    ...Base,
    kind: z.literal('call-start'),
    callId: z.string(),
    method: z.enum(['tools/call', 'prompts/get', 'resources/read']),
    /** Tool or prompt name, or resource URI. */
    name: z.string(),
    arguments: z.record(z.string(), z.unknown()).optional(),
    /** The call's budget in ms; 0 for a tapped host's call, which runs on the host's own timeout. */
    timeoutMs: z.number(),
  }),
  z.object({
    ...Base,
    kind: z.literal('call-round'),
    callId: z.string(),
    /** 1 for the first request; each retry adds one. */
    round: z.number().int().positive(),
    /** JSON-RPC id of this leg's request. */
    rpcId: z.union([z.string(), z.number()]),
    reason: z.enum(['initial', 'input-responses', 'request-state', 'url-required-retry', 'sign-in-retry']),
  }),
  z.object({
    ...Base,
    kind: z.literal('call-timer'),
    callId: z.string(),
    /** Epoch ms when the client gives up on the call; null while suspended. */
    deadlineAt: z.number().nullable(),
    /** Remaining budget in ms at the moment of this event. */
    remainingMs: z.number(),
    suspended: z.boolean(),
  }),
  z.object({
    ...Base,
    kind: z.literal('call-end'),
    callId: z.string(),
    outcome: z.enum(['result', 'error', 'cancelled', 'timeout']),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.union([RpcErrorSchema, WireErrorSchema]).optional(),
    /**
     * SEP-2643 (the Authorization denials setting): the denial envelope a tool's final
     * result carries in its `_meta` (an `isError` result the server refused on
     * authorization grounds), read and checked, so the call's result shows it.
     */
    authorization: AuthorizationDenialSchema.optional(),
  }),
  z.object({
    ...Base,
    kind: z.literal('elicitation'),
    /** The inspector's own key for this pending elicitation; unique in the session. */
    key: z.string(),
    callId: z.string().optional(),
    origin: ElicitationOriginSchema,
    /** `sampling`: a sampling/createMessage, answered with a whole CreateMessageResult as `content`. */
    mode: z.enum(['form', 'url', 'sampling']),
    /** The request params exactly as the server sent them. */
    params: z.record(z.string(), z.unknown()),
    serverName: z.string(),
    /** What the inspector found wrong with this request (also logged as finding events). */
    findings: z.array(FindingSchema).optional(),
    /**
     * SEP-2643 (the Authorization denials setting): the denial this URL elicitation
     * remedies, from its round's `_meta`, so the URL flows panel shows it as an authorization step.
     */
    authorization: AuthorizationDenialSchema.optional(),
    /** A tapped session's request the tap held from the host: the inspector answers it (docs/tap.md, Hold and answer here). */
    held: z.boolean().optional(),
  }),
  z.object({
    ...Base,
    kind: z.literal('elicitation-end'),
    key: z.string(),
    /** `refused`: the inspector answered the server with an error at once (a request the spec does not allow). */
    outcome: z.enum(['answered', 'server-cancelled', 'call-ended', 'session-closed', 'dismissed', 'superseded', 'refused']),
    action: ElicitActionSchema.optional(),
    reason: z.string().optional(),
  }),
  z.object({
    ...Base,
    kind: z.literal('url-complete'),
    key: z.string(),
    elicitationId: z.string(),
    /** A `notifications/elicitation/complete` from the server, or the person saying the flow is done. */
    source: z.enum(['notification', 'person']),
  }),
  z.object({
    ...Base,
    kind: z.literal('action'),
    /**
     * Who did it: `user` a person at the page, `rule` a response rule (or a scenario step's answer),
     * `scenario` a scenario run (its calls), `inspector` the inspector on its own (the -32042 retry),
     * `host` the host a tapped session relays for (its calls and its answers), `app` a server's
     * MCP App that rendered a form request (SEP-3118, checked like a person's answer).
     */
    actor: z.enum(['user', 'rule', 'scenario', 'inspector', 'host', 'app']),
    action: z.enum([
      'accept',
      'decline',
      'cancel',
      'open-url',
      'copy-url',
      'mark-done',
      'dismiss',
      'retry',
      'call',
      'cancel-call',
      'suspend-timeout',
      'resume-timeout',
      'connect',
      'disconnect',
      /** The connection's response rules were replaced; `detail` says how many and whether they are on. */
      'set-rules',
      /** The person asked to forget this server's OAuth tokens. */
      'sign-out',
      /** The roots the client offers were replaced while connected; `detail` says how many. */
      'set-roots',
    ]),
    key: z.string().optional(),
    callId: z.string().optional(),
    content: z.record(z.string(), z.unknown()).optional(),
    /** True when the person sent content that failed the schema on purpose. */
    skippedValidation: z.boolean().optional(),
    /** The rule (or scenario step) that gave this answer, when `actor` is `rule`. */
    rule: RuleRefSchema.optional(),
    detail: z.string().optional(),
  }),
  z.object({
    ...Base,
    /** A response rule took an elicitation: it answers now, after `delayMs`, or (action `none`) never. */
    kind: z.literal('rule-match'),
    key: z.string(),
    callId: z.string().optional(),
    rule: RuleRefSchema,
    action: z.enum(['accept', 'decline', 'cancel', 'none']),
    delayMs: z.number().optional(),
  }),
  z.object({
    ...Base,
    kind: z.literal('finding'),
    code: z.string(),
    severity: FindingSeveritySchema,
    message: z.string(),
    key: z.string().optional(),
    callId: z.string().optional(),
    /** seq of the event the finding is about. */
    aboutSeq: z.number().optional(),
  }),
  z.object({ ...Base, kind: z.literal('sdk-error'), message: z.string(), code: z.union([z.string(), z.number()]).optional() }),
  z.object({ ...Base, kind: z.literal('proxy-error'), error: WireErrorSchema }),
  /** A step of signing in to an HTTP or SSE server with OAuth (see oauth.ts); never a secret in it. */
  z.object({ ...Base, ...OAuthEventFields }),
  /**
   * A task (2025-11-25) changed status. `runner` says who runs it: this client (a
   * task-augmented elicitation, `key` its form) or the server (a tool call run as
   * a task, `callId` its call; the status as tasks/get reported it).
   */
  z.object({
    ...Base,
    kind: z.literal('task-status'),
    taskId: z.string(),
    runner: z.enum(['client', 'server']),
    status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
    statusMessage: z.string().optional(),
    key: z.string().optional(),
    callId: z.string().optional(),
  }),
  /**
   * A stdio tap's hold switched (docs/tap.md, Hold and answer here): while `isOn`, the server's
   * `elicitation/create` requests are held from the host and answered from the inspector.
   * `released`: the keys of held requests passed on to the host when it went off; `reason` why it did.
   */
  z.object({
    ...Base,
    kind: z.literal('tap-hold'),
    isOn: z.boolean(),
    released: z.array(z.string()).optional(),
    reason: z.string().optional(),
  }),
]);

export type LogEvent = z.infer<typeof LogEventSchema>;
export type LogEventKind = LogEvent['kind'];
export type EventOf<K extends LogEventKind> = Extract<LogEvent, { kind: K }>;

/** What a producer hands to the log: everything but the fields the log assigns. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type NewLogEvent = DistributiveOmit<LogEvent, 'seq' | 'at' | 'sessionId'>;

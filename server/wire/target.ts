/** What to connect to, and what kind of client to be while connected. */
import { z } from 'zod';
import { OAuthOptionsSchema, summarizeOAuth } from './oauth';
import { ProposalSettingsSchema } from './proposals';
import { redactArgs, redactEnv, redactHeaders, redactUrl } from './redact';
import { EMPTY_RULES, RuleSetSchema } from './rules';
import { PROTOCOL_CHOICES, ROOT_URI_MAX, ROOT_URI_MESSAGE, ROOT_URI_PATTERN } from './target-checks';

// The HTTP tap redacts headers as it records them; redact.ts is where every rule lives.
export { redactHeaders } from './redact';

const HeadersSchema = z.record(z.string(), z.string());

export const TargetSchema = z.discriminatedUnion('transport', [
  z.object({
    transport: z.literal('stdio'),
    command: z.string().min(1, 'a command is required'),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
  }),
  z.object({
    transport: z.literal('http'),
    url: z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL is required' }),
    headers: HeadersSchema.default({}),
    /** OAuth options; without them a server that asks for OAuth still gets it, with dynamic registration. */
    oauth: OAuthOptionsSchema.optional(),
  }),
  z.object({
    transport: z.literal('sse'),
    url: z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL is required' }),
    headers: HeadersSchema.default({}),
    /** OAuth options; without them a server that asks for OAuth still gets it, with dynamic registration. */
    oauth: OAuthOptionsSchema.optional(),
  }),
]);
/** A target as the person typed it, secrets included. Lives only in the proxy's memory. */
export type Target = z.infer<typeof TargetSchema>;
export type TargetInput = z.input<typeof TargetSchema>;

/**
 * The host a tapped session relays for (`elicitation-inspector tap`): what it said of itself in its
 * `initialize` request. Present only on a tapped session, where the host, not the inspector, is the
 * client: the inspector watches and answers nothing.
 */
export const TapHostSchema = z.object({
  /** The host's `clientInfo`, as sent; absent until (or unless) the host sends `initialize`. */
  clientInfo: z.object({ name: z.string(), version: z.string().optional() }).loose().optional(),
  /** The capabilities the host declared. */
  capabilities: z.record(z.string(), z.unknown()).optional(),
  /** The protocol version the host asked for. */
  protocolVersion: z.string().optional(),
  /** The tap's process id while it relays: a follower that finds it gone knows the session ended without its last entry. */
  relayPid: z.number().int().optional(),
});
export type TapHost = z.infer<typeof TapHostSchema>;

/** A target as it may be written to a log: header and secret-looking env values replaced. */
export const TargetSummarySchema = z.discriminatedUnion('transport', [
  z.object({
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    env: z.record(z.string(), z.string()),
    cwd: z.string().optional(),
    /** True for the demo server the inspector ships with. */
    isDemo: z.boolean().optional(),
    host: TapHostSchema.optional(),
  }),
  z.object({ transport: z.literal('http'), url: z.string(), headers: HeadersSchema, oauth: OAuthOptionsSchema.optional(), host: TapHostSchema.optional() }),
  z.object({ transport: z.literal('sse'), url: z.string(), headers: HeadersSchema, oauth: OAuthOptionsSchema.optional(), host: TapHostSchema.optional() }),
]);
export type TargetSummary = z.infer<typeof TargetSummarySchema>;

export { PROTOCOL_CHOICES, type ProtocolChoice } from './target-checks';

/** A folder the client offers the server, as `roots/list` returns it. The spec allows only file:// URIs. */
export const RootSchema = z.object({
  uri: z.string().max(ROOT_URI_MAX).regex(ROOT_URI_PATTERN, ROOT_URI_MESSAGE),
  name: z.string().max(256).optional(),
});
export type Root = z.infer<typeof RootSchema>;

/** Whether the client declares `roots` (with `listChanged`), and the list it answers `roots/list` with. */
export const RootsSettingsSchema = z.object({ enabled: z.boolean(), list: z.array(RootSchema).max(1000) });
export type RootsSettings = z.infer<typeof RootsSettingsSchema>;

export const SessionSettingsSchema = z.object({
  /** Auto prefers 2026-07-28 and falls back to the newest legacy version the server speaks. */
  protocol: z.enum(PROTOCOL_CHOICES).default('auto'),
  /** Which elicitation modes the client declares. Both false declares no elicitation capability. */
  elicitation: z.object({ form: z.boolean(), url: z.boolean() }).default({ form: true, url: true }),
  /** The SDK's non-spec `applyDefaults` flag: the SDK fills untouched defaults into accepted content. */
  applyDefaults: z.boolean().default(false),
  /** Client-side budget for one tool call, ms; suspended on demand while a person answers. */
  requestTimeoutMs: z
    .number()
    .int()
    .min(1000)
    .max(24 * 3600_000)
    .default(10 * 60_000),
  /** Most `input_required` rounds one call may take before the inspector ends it (2026-07-28). */
  maxRounds: z.number().int().min(1).max(1000).default(20),
  /** Retry a call after its -32042 URL elicitations complete, without waiting for a click. */
  autoRetryUrlRequired: z.boolean().default(true),
  /** Response rules: how elicitations are answered when no person does. Saved with the connection. */
  rules: RuleSetSchema.default(EMPTY_RULES),
  /** Roots: off declares no `roots` capability, and a server that asks anyway gets a finding. */
  roots: RootsSettingsSchema.default({ enabled: false, list: [] }),
  /** Sampling: on declares `sampling`, and each sampling/createMessage waits for an answer like an elicitation. */
  sampling: z.object({ enabled: z.boolean() }).default({ enabled: false }),
  /**
   * Tasks (2025-11-25): on declares `tasks` (list, cancel, and task-augmented
   * elicitation/create), so a server may run an elicitation as a task and poll it.
   */
  tasks: z.object({ enabled: z.boolean() }).default({ enabled: false }),
  /** Protocol proposals, each off by default so a default connection is the released revision (proposals.ts). */
  proposals: ProposalSettingsSchema.default(ProposalSettingsSchema.parse({})),
});
export type SessionSettings = z.infer<typeof SessionSettingsSchema>;
export type SessionSettingsInput = z.input<typeof SessionSettingsSchema>;

export const DEFAULT_SETTINGS: SessionSettings = SessionSettingsSchema.parse({});

export function summarizeTarget(target: Target, isDemo = false): TargetSummary {
  switch (target.transport) {
    case 'stdio':
      return {
        transport: 'stdio',
        command: target.command,
        args: redactArgs(target.args),
        env: redactEnv(target.env),
        cwd: target.cwd,
        ...(isDemo && { isDemo }),
      };
    case 'http':
    case 'sse':
      return {
        transport: target.transport,
        url: redactUrl(target.url),
        headers: redactHeaders(target.headers),
        ...(target.oauth && { oauth: summarizeOAuth(target.oauth) }),
      };
  }
}

/**
 * Scenario files: a whole elicitation flow written down ahead of time (which
 * server, which client, which calls, how each elicitation is answered, what must
 * come back), run headless by `elicitation-inspector run` or from the page. The
 * published JSON Schema (schemas/scenario.schema.json) is generated from this.
 */
import { z } from 'zod';
import { AuditSettingsSchema } from './audit';
import { RuleAnswerSchema, RuleMatchSchema, RuleSetSchema } from './rules';
import { PROTOCOL_CHOICES, SessionSettingsSchema, TargetSchema } from './target';

export const SCENARIO_FILE_VERSION = 1;

/** The protocol revisions a scenario can run on; `all` runs it once on each one the server speaks. */
export const ScenarioProtocolSchema = z.union([
  z.enum([...PROTOCOL_CHOICES, 'all']),
  z.array(z.enum(PROTOCOL_CHOICES.filter((choice) => choice !== 'auto') as ['2026-07-28', '2025-11-25', '2025-06-18'])).min(1),
]);

/** The client the inspector is while the scenario runs: the connection settings, less the protocol and the rules. */
export const ScenarioClientSchema = SessionSettingsSchema.omit({ protocol: true, rules: true }).partial();

/** Text of a result: the text content blocks joined by newlines. */
const TextExpectSchema = z.union([
  z.object({ contains: z.string() }).strict(),
  z.object({ equals: z.string() }).strict(),
  z.object({ pattern: z.string().max(2000) }).strict(),
]);

export const OutcomeExpectSchema = z
  .object({
    text: TextExpectSchema.optional(),
    /** Every key given must be present with an equal value (objects compared the same way, recursively). */
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    /** `structuredContent` must validate against this JSON Schema. */
    structuredContentSchema: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
    /** The call ends with a JSON-RPC error of this code. */
    errorCode: z.number().int().optional(),
    /** The call ends this way (`result` includes results with `isError`). */
    outcome: z.enum(['result', 'error', 'cancelled', 'timeout']).optional(),
    /** 2026-07-28: how many `input_required` rounds the call took. */
    rounds: z.number().int().min(0).optional(),
    /** Finding codes (docs/findings.md) that must be raised during the step, or must not. */
    findings: z
      .object({ raised: z.array(z.string()).optional(), absent: z.array(z.string()).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type OutcomeExpect = z.infer<typeof OutcomeExpectSchema>;

/**
 * SEP-2356: what the answer sent for one file input (an `x-mcp-file` field), read from the data: URI
 * that went out. `mediaType` is compared as `type/subtype`, case-insensitively (`image/*` any image,
 * as in `accept`); `size` is the decoded size in bytes. The proposal's data URI carries no file name.
 */
export const SentFileExpectSchema = z
  .object({
    mediaType: z.string().min(1).max(200).optional(),
    size: z.number().int().nonnegative().optional(),
  })
  .strict();
export type SentFileExpect = z.infer<typeof SentFileExpectSchema>;

/** One elicitation a step expects, in the order they come, and how to answer it. */
export const ElicitationExpectSchema = z
  .object({
    expect: RuleMatchSchema.omit({ tool: true, server: true }).default({}),
    answer: RuleAnswerSchema,
    /** SEP-2356: each named field must have been sent as a file (a data: URI) like this; checked once the answer is sent. */
    sentFiles: z.record(z.string().min(1), SentFileExpectSchema).optional(),
  })
  .strict();
export type ElicitationExpect = z.infer<typeof ElicitationExpectSchema>;

const StepBase = {
  /** What the report calls this step. */
  name: z.string().max(200).optional(),
  arguments: z.record(z.string(), z.unknown()).default({}),
  /**
   * The elicitations the step expects, in order. One that does not come fails the step; one that comes
   * beyond the list is answered by the scenario's rules, or fails the step when none matches.
   */
  elicitations: z.array(ElicitationExpectSchema).default([]),
  expect: OutcomeExpectSchema.default({}),
  /** Longest the step may take, ms (default: the client's request timeout). */
  timeoutMs: z
    .number()
    .int()
    .min(100)
    .max(24 * 3600_000)
    .optional(),
};

export const ScenarioStepSchema = z.union([
  z.object({ call: z.string().min(1), ...StepBase }).strict(),
  z.object({ getPrompt: z.string().min(1), ...StepBase }).strict(),
  z.object({ readResource: z.string().min(1), ...StepBase }).strict(),
]);
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>;

export const ScenarioSchema = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(SCENARIO_FILE_VERSION).default(SCENARIO_FILE_VERSION),
    name: z.string().max(200).optional(),
    description: z.string().max(5000).optional(),
    /** The server: a stdio command line, or a URL with headers and transport. Omitted: the built-in demo server. */
    server: TargetSchema.optional(),
    protocol: ScenarioProtocolSchema.default('auto'),
    client: ScenarioClientSchema.default({}),
    /** Answers for elicitations no step lists (for example a server that asks twice). */
    rules: RuleSetSchema.optional(),
    steps: z.array(ScenarioStepSchema).min(1).max(10_000),
    /** For `elicitation-inspector audit`: cases switched off, and cases of your own (docs/audit.md). `run` ignores it. */
    audit: AuditSettingsSchema.optional(),
  })
  .strict();
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;

/** What a run found, step by step: the shape of `--reporter json` and of the page's verdict. */
export type StepReport = {
  index: number;
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  callId?: string;
  /** One line per expectation that did not hold: what was expected and what came. */
  failures: { expectation: string; expected: string; actual: string }[];
};

export type RunReport = {
  scenario: string;
  protocol: string;
  /** The version the server and the inspector agreed on, once connected. */
  negotiatedVersion?: string;
  status: 'passed' | 'failed' | 'error';
  /** With `--protocol all`: the server refused this revision (status `error`), which is reported, not failed. */
  isNotSpoken?: boolean;
  /** Why the run could not go on (could not connect, the server exited): status `error`. */
  error?: string;
  durationMs: number;
  sessionId?: string;
  /** The session file to open in the page for the whole story. */
  sessionFile?: string;
  steps: StepReport[];
};

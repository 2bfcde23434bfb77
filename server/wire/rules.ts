/**
 * Response rules: how an elicitation is answered when no person does. The page's
 * Rules panel, a rules file, the CLI and scenario steps all speak these shapes;
 * the proxy's rule engine (server/rules/) applies them through the broker,
 * so a rule's answer is logged, validated and shown like a person's.
 */
import { z } from 'zod';

/** The newest rules file format. A file names it so a future change can be read beside the old one. */
export const RULES_FILE_VERSION = 1;

/** Longest wait a rule may put before its answer: a day, like the longest call budget. */
export const RULE_MAX_DELAY_MS = 24 * 3600_000;

/**
 * Which elicitations a rule answers. Every field given must hold; a rule with no
 * field matches every elicitation.
 */
export const RuleMatchSchema = z
  .object({
    /** Exact name of the tool whose call asked (not matched by elicitations outside a tool call). */
    tool: z.string().min(1).optional(),
    /** Exact name the server gave in its initialize (or discover) result. */
    server: z.string().min(1).optional(),
    /** `sampling` matches sampling/createMessage requests, which a rule without it never answers. */
    mode: z.enum(['form', 'url', 'sampling']).optional(),
    /** The message contains this text (case-sensitive). */
    message: z.string().min(1).optional(),
    /** The message matches this pattern (RE2 syntax: linear time, no backreferences or lookaround). */
    messagePattern: z.string().min(1).max(2000).optional(),
    /** The requested schema has every one of these property names (form mode). */
    properties: z.array(z.string().min(1)).min(1).optional(),
    /** The input key of a 2026-07-28 `input_required` round. */
    roundKey: z.string().min(1).optional(),
    /**
     * SEP-3118: the form request names an MCP App (`_meta.ui.resourceUri`, an absolute `ui://` URI):
     * `true` any app, `false` none, a string that exact URI. A rule answers such a request
     * with content, as a person answers the native form; the app is not run.
     */
    app: z.union([z.boolean(), z.string().min(1).max(2000)]).optional(),
  })
  .strict();
export type RuleMatch = z.infer<typeof RuleMatchSchema>;

/**
 * What a rule (or a scenario step) answers.
 * - `accept`: form mode sends `content` merged over the requested schema's defaults (no content: the
 *   defaults alone): the content's keys in its own order, then the defaults it leaves out. With
 *   `mergeDefaults: false` the content goes out exactly as written (a recorded answer replays so).
 *   Content that fails the schema is not sent unless `skipValidation` says so. URL mode
 *   gives consent without opening the URL; `markComplete` then marks the flow done, as a person would
 *   once back from the site.
 * - `decline`, `cancel`: as the buttons do.
 * - `none`: never answer, to see the server's own timeout and cancellation.
 * `delayMs` waits before answering (the elicitation shows as pending meanwhile).
 */
export const RuleAnswerSchema = z
  .object({
    action: z.enum(['accept', 'decline', 'cancel', 'none']),
    content: z.record(z.string(), z.unknown()).optional(),
    skipValidation: z.boolean().optional(),
    /** Form mode: false sends `content` as it is, without the requested schema's defaults (default true). */
    mergeDefaults: z.boolean().optional(),
    markComplete: z.boolean().optional(),
    delayMs: z.number().int().min(0).max(RULE_MAX_DELAY_MS).optional(),
  })
  .strict()
  .refine(
    (answer) =>
      answer.action === 'accept' ||
      (answer.content === undefined && answer.skipValidation === undefined && answer.mergeDefaults === undefined && answer.markComplete === undefined),
    {
      message: 'content, skipValidation, mergeDefaults and markComplete go only with action "accept"',
    },
  );
export type RuleAnswer = z.infer<typeof RuleAnswerSchema>;

export const RuleSchema = z
  .object({
    /** Stable id, so the log can name the rule even after the list is reordered. */
    id: z.string().min(1).max(100).optional(),
    /** What the person calls it; shown in the Rules panel and the story. */
    name: z.string().max(200).optional(),
    enabled: z.boolean().default(true),
    match: RuleMatchSchema.default({}),
    answer: RuleAnswerSchema,
  })
  .strict();
export type Rule = z.infer<typeof RuleSchema>;
export type RuleInput = z.input<typeof RuleSchema>;

/** A connection's rules, in order: the first enabled rule that matches answers. */
export const RuleSetSchema = z
  .object({
    /** Off: no rule answers, whatever each rule says. */
    enabled: z.boolean().default(true),
    rules: z.array(RuleSchema).max(500).default([]),
  })
  .strict();
export type RuleSet = z.infer<typeof RuleSetSchema>;
export type RuleSetInput = z.input<typeof RuleSetSchema>;

export const EMPTY_RULES: RuleSet = { enabled: true, rules: [] };

/** A rules file as exported and imported: the rule set, with the format version and an editor hint. */
export const RulesFileSchema = RuleSetSchema.extend({
  $schema: z.string().optional(),
  version: z.literal(RULES_FILE_VERSION).default(RULES_FILE_VERSION),
}).strict();
export type RulesFile = z.infer<typeof RulesFileSchema>;

/** How the log names the rule that answered: its place in the list (1-based) and its id and name. */
export const RuleRefSchema = z.object({
  index: z.number().int().min(1),
  id: z.string().optional(),
  name: z.string().optional(),
  /** How long the rule waited before answering, ms. */
  delayMs: z.number().optional(),
  /** Where the answer came from: a connection's rule, or a scenario step. */
  source: z.enum(['rules', 'scenario']).default('rules'),
});
export type RuleRef = z.infer<typeof RuleRefSchema>;

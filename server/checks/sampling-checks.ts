/**
 * What the inspector checks in a sampling/createMessage: the request a server
 * sends (findings), and the result a person or a rule sends back (refused
 * before it goes, like form content that fails its schema).
 */
import { specTypeSchemas } from '@modelcontextprotocol/client';
import { findingOf, type RaisedFinding } from '../wire/finding-codes';

const ROLES = new Set(['user', 'assistant']);
/** The content blocks a sampling message may hold (2025-11-25's SamplingMessageContentBlock). */
const CONTENT_TYPES = ['text', 'image', 'audio', 'tool_use', 'tool_result'];

/** Findings for one sampling/createMessage params object, pushed or embedded in an input_required round. */
export function checkSamplingParams(params: Record<string, unknown>): RaisedFinding[] {
  const findings: RaisedFinding[] = [];
  const { messages, maxTokens } = params;
  if (!Array.isArray(messages) || messages.length === 0) {
    findings.push(findingOf('sampling-messages-malformed', `\`messages\` must be a non-empty array of { role, content }; it is ${describe(messages)}.`));
  } else {
    const bad = messages.findIndex((m) => !isRecord(m) || !ROLES.has(String(m.role)) || !(isRecord(m.content) || Array.isArray(m.content)));
    const badType = bad >= 0 ? undefined : unknownContentType(messages);
    if (bad >= 0) {
      findings.push(findingOf('sampling-messages-malformed', `messages[${bad}] is not a { role: "user" | "assistant", content } message.`));
    } else if (badType) {
      findings.push(
        findingOf(
          'sampling-messages-malformed',
          `${badType.field} is ${describe(badType.value)}, which is not a sampling content type (${CONTENT_TYPES.join(', ')}).`,
        ),
      );
    }
  }
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    findings.push(findingOf('sampling-max-tokens-malformed', `\`maxTokens\` is required and must be a positive integer; it is ${describe(maxTokens)}.`));
  }
  return findings;
}

/**
 * The short error a sampling request gets when the SDK would refuse its params (with a
 * dump of every schema branch it tried): the first finding, which names the field, or
 * else the first of the schema's own complaints. Undefined when the SDK takes it.
 */
export function samplingRefusal(params: Record<string, unknown>): string | undefined {
  const issues = specTypeSchemas.CreateMessageRequestParams['~standard'].validate(params).issues;
  if (!issues) return undefined;
  const first = checkSamplingParams(params)[0]?.message ?? issueTexts(issues)[0] ?? 'the params are not a sampling request';
  return `Invalid sampling request: ${first}`;
}

/** The first message content block whose type the spec does not name, with where it is. */
function unknownContentType(messages: unknown[]): { field: string; value: unknown } | undefined {
  for (const [index, message] of messages.entries()) {
    const content = isRecord(message) ? message.content : undefined;
    const blocks: { block: unknown; at: string }[] = Array.isArray(content)
      ? content.map((block: unknown, i) => ({ block, at: `[${i}]` }))
      : [{ block: content, at: '' }];
    for (const { block, at } of blocks) {
      const type = isRecord(block) ? block.type : undefined;
      if (typeof type !== 'string' || !CONTENT_TYPES.includes(type)) return { field: `messages[${index}].content${at}.type`, value: type };
    }
  }
  return undefined;
}

/** Why `result` is not a CreateMessageResult a client may send, or nothing. */
export function samplingResultProblems(result: Record<string, unknown>): string[] {
  // The SDK types these as Standard Schemas: validate() is synchronous for them (StandardSchemaV1Sync).
  if (!specTypeSchemas.CreateMessageResult['~standard'].validate(result).issues) return [];
  const withTools = specTypeSchemas.CreateMessageResultWithTools['~standard'].validate(result);
  return issueTexts(withTools.issues ?? []);
}

type Issue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] };

function issueTexts(issues: readonly Issue[]): string[] {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path?.length ? `${issue.path.map((p) => String(typeof p === 'object' ? p.key : p)).join('.')}: ${issue.message}` : issue.message));
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  // JSON.stringify gives undefined only for functions and symbols, which JSON input cannot hold.
  const json = JSON.stringify(value) ?? typeof value;
  return json.length > 80 ? `${json.slice(0, 80)}…` : json;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

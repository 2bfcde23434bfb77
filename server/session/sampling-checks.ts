/**
 * What the inspector checks in a sampling/createMessage: the request a server
 * sends (findings), and the result a person or a rule sends back (refused
 * before it goes, like form content that fails its schema).
 */
import { specTypeSchemas } from '@modelcontextprotocol/client';
import type { Finding } from '../wire/events';

const ROLES = new Set(['user', 'assistant']);

/** Findings for one sampling/createMessage params object, pushed or embedded in an input_required round. */
export function checkSamplingParams(params: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  const { messages, maxTokens } = params;
  if (!Array.isArray(messages) || messages.length === 0) {
    findings.push({
      code: 'sampling-messages-malformed',
      severity: 'error',
      message: `\`messages\` must be a non-empty array of { role, content }; it is ${describe(messages)}.`,
    });
  } else {
    const bad = messages.findIndex((m) => !isRecord(m) || !ROLES.has(String(m.role)) || !(isRecord(m.content) || Array.isArray(m.content)));
    if (bad >= 0) {
      findings.push({
        code: 'sampling-messages-malformed',
        severity: 'error',
        message: `messages[${bad}] is not a { role: "user" | "assistant", content } message.`,
      });
    }
  }
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    findings.push({
      code: 'sampling-max-tokens-malformed',
      severity: 'error',
      message: `\`maxTokens\` is required and must be a positive integer; it is ${describe(maxTokens)}.`,
    });
  }
  return findings;
}

/** Why `result` is not a CreateMessageResult a client may send, or nothing. */
export function samplingResultProblems(result: Record<string, unknown>): string[] {
  // The SDK types these as Standard Schemas: validate() is synchronous for them (StandardSchemaV1Sync).
  if (!specTypeSchemas.CreateMessageResult['~standard'].validate(result).issues) return [];
  const withTools = specTypeSchemas.CreateMessageResultWithTools['~standard'].validate(result);
  return (withTools.issues ?? [])
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

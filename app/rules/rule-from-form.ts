/**
 * The rule the editor's fields describe: every problem is said in words, naming
 * the field, before anything is saved or sent. Apart from rule-form.ts because the
 * message pattern is checked with RE2, which only the editor's chunk loads.
 */
import { RULE_MAX_DELAY_MS, RuleSchema, type Rule } from '@wire/rules';
import { compileSafePattern } from '@wire/safe-pattern';
import type { RuleForm } from './rule-form';

/** The rule the fields describe, or the first problem, naming its field. */
export function ruleFromForm(form: RuleForm): { rule: Rule } | { error: string } {
  const text = (value: string) => value.trim() || undefined;
  const pattern = text(form.messagePattern);
  if (pattern) {
    const compiled = compileSafePattern(pattern);
    if (!compiled.isEnforced) return { error: `Message pattern: ${compiled.reason}.` };
  }
  const properties = form.properties
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  let delayMs: number | undefined;
  if (form.delayMs.trim()) {
    delayMs = Number(form.delayMs);
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > RULE_MAX_DELAY_MS)
      return { error: `Delay: a whole number of milliseconds from 0 to ${RULE_MAX_DELAY_MS}.` };
  }
  const isAccept = form.answer === 'accept-content' || form.answer === 'accept-defaults';
  let content: Record<string, unknown> | undefined;
  if (form.answer === 'accept-content') {
    const parsed = parseContent(form.content);
    if ('error' in parsed) return parsed;
    content = parsed.content;
  }
  const candidate = {
    id: form.id,
    ...(text(form.name) && { name: form.name.trim() }),
    enabled: form.enabled,
    match: {
      ...(text(form.tool) && { tool: form.tool.trim() }),
      ...(text(form.server) && { server: form.server.trim() }),
      ...(form.mode && { mode: form.mode }),
      ...(form.message && { message: form.message }),
      ...(pattern && { messagePattern: pattern }),
      ...(properties.length > 0 && { properties }),
      ...(text(form.roundKey) && { roundKey: form.roundKey.trim() }),
      ...(form.app !== undefined && { app: form.app }),
    },
    answer: {
      action: isAccept ? 'accept' : form.answer,
      ...(content && { content }),
      ...(isAccept && form.skipValidation && { skipValidation: true }),
      ...(content && !form.mergeDefaults && { mergeDefaults: false }),
      ...(isAccept && form.markComplete && { markComplete: true }),
      ...(delayMs !== undefined && form.answer !== 'none' && { delayMs }),
    },
  };
  const parsed = RuleSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${issue.path.join('.') || 'Rule'}: ${issue.message}` };
  }
  return { rule: parsed.data };
}

function parseContent(textValue: string): { content: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(textValue);
  } catch (error) {
    return { error: `Content is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(value)) return { error: 'Content must be a JSON object, such as {"name": "Ada"}.' };
  return { content: value };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The rule editor's fields as the person types them, and the conversion to and
 * from a `Rule`: every problem is said in words, naming the field, before
 * anything is saved or sent.
 */
import { RULE_MAX_DELAY_MS, RuleSchema, type Rule } from '@wire/rules';
import { compileSafePattern } from '@wire/safe-pattern';

export type AnswerChoice = 'accept-content' | 'accept-defaults' | 'decline' | 'cancel' | 'none';

export type RuleForm = {
  id: string;
  name: string;
  enabled: boolean;
  tool: string;
  server: string;
  mode: '' | 'form' | 'url' | 'sampling';
  message: string;
  messagePattern: string;
  /** Property names, separated by commas. */
  properties: string;
  roundKey: string;
  answer: AnswerChoice;
  /** The content as JSON text (accept with content). */
  content: string;
  delayMs: string;
  markComplete: boolean;
  skipValidation: boolean;
  /** False when an imported rule sends its content as written (no field shows it; editing keeps it). */
  mergeDefaults: boolean;
};

export function newRuleId(): string {
  return `r-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function emptyRuleForm(): RuleForm {
  return {
    id: newRuleId(),
    name: '',
    enabled: true,
    tool: '',
    server: '',
    mode: '',
    message: '',
    messagePattern: '',
    properties: '',
    roundKey: '',
    answer: 'decline',
    content: '{}',
    delayMs: '',
    markComplete: false,
    skipValidation: false,
    mergeDefaults: true,
  };
}

export function formFromRule(rule: Rule): RuleForm {
  const { match, answer } = rule;
  const choice: AnswerChoice = answer.action === 'accept' ? (answer.content ? 'accept-content' : 'accept-defaults') : answer.action;
  return {
    id: rule.id ?? newRuleId(),
    name: rule.name ?? '',
    enabled: rule.enabled,
    tool: match.tool ?? '',
    server: match.server ?? '',
    mode: match.mode ?? '',
    message: match.message ?? '',
    messagePattern: match.messagePattern ?? '',
    properties: (match.properties ?? []).join(', '),
    roundKey: match.roundKey ?? '',
    answer: choice,
    content: answer.content ? JSON.stringify(answer.content, null, 2) : '{}',
    delayMs: answer.delayMs !== undefined ? String(answer.delayMs) : '',
    markComplete: answer.markComplete ?? false,
    skipValidation: answer.skipValidation ?? false,
    mergeDefaults: answer.mergeDefaults ?? true,
  };
}

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

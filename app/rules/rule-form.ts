/**
 * The rule editor's fields as the person types them, and a `Rule` shown in them.
 * The way back, checked, is rule-from-form.ts (it needs RE2 and the editor alone uses it).
 */
import type { Rule } from '@wire/rules';

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
  /** An imported rule's `app` match (SEP-3118): no field shows it; editing keeps it. */
  app?: boolean | string;
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
    ...(match.app !== undefined && { app: match.app }),
  };
}

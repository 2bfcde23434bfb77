/**
 * Reads a rules file (`--rules FILE`): a RulesFile JSON, checked with the wire's
 * schema. A broken file is refused with the file and the problem named, never
 * half applied.
 */
import { readFileSync, statSync } from 'node:fs';
import { formatIssues } from '../wire/commands';
import { parseJsonText } from '../wire/json-text';
import { RulesFileSchema, type RuleSet } from '../wire/rules';

/** Far above 500 rules with long patterns and content; a larger file is not a rules file. */
export const RULES_FILE_MAX_BYTES = 4 * 1024 * 1024;

export class RulesFileError extends Error {}

export function readRulesFile(path: string): RuleSet {
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > RULES_FILE_MAX_BYTES) throw new RulesFileError(`${path}: ${size} bytes is more than a rules file may be (${RULES_FILE_MAX_BYTES} bytes).`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof RulesFileError) throw error;
    throw new RulesFileError(`${path}: cannot read it (${error instanceof Error ? error.message : String(error)}).`);
  }
  return parseRulesFile(path, text);
}

export function parseRulesFile(path: string, text: string): RuleSet {
  const read = parseJsonText(text);
  if (!read.ok) {
    const { line, column, reason } = read.problem;
    throw new RulesFileError(`${path}:${line}:${column}: not valid JSON (${reason}).`);
  }
  const parsed = RulesFileSchema.safeParse(read.value);
  if (!parsed.success) throw new RulesFileError(`${path}: not a rules file: ${formatIssues(parsed.error.issues)}.`);
  return { enabled: parsed.data.enabled, rules: parsed.data.rules };
}

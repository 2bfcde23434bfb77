/** A rules file as exported and imported: the rule set, with its format version. */
import { describeJsonProblem, parseJsonText } from '@wire/json-text';
import { RULES_FILE_VERSION, RulesFileSchema, type RuleSet } from '@wire/rules';

/** Larger than any honest rules file (500 rules); a bigger one is refused before it is parsed. */
export const RULES_FILE_MAX_BYTES = 2_000_000;

export function rulesFileText(rules: RuleSet): string {
  return `${JSON.stringify({ version: RULES_FILE_VERSION, enabled: rules.enabled, rules: rules.rules }, null, 2)}\n`;
}

/** The rules a file holds, or what is wrong with it: the path of each problem (up to three) and why. */
export function parseRulesFile(text: string): { rules: RuleSet } | { error: string } {
  if (text.length > RULES_FILE_MAX_BYTES) return { error: `The file is larger than ${RULES_FILE_MAX_BYTES / 1_000_000} MB; a rules file is much smaller.` };
  // The command line's reader: a syntax error says its line and column, as `--rules` does.
  const read = parseJsonText(text);
  if (!read.ok) return { error: `Not valid JSON: ${describeJsonProblem(read.problem)}.` };
  const parsed = RulesFileSchema.safeParse(read.value);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const lines = issues.slice(0, 3).map((issue) => `${issue.path.length ? issue.path.join('.') : '(the file)'}: ${issue.message}`);
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    return { error: `Not a rules file: ${lines.join('; ')}${more}` };
  }
  return { rules: { enabled: parsed.data.enabled, rules: parsed.data.rules } };
}

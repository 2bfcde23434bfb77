/**
 * Reads a scenario file for the CLI and the proxy alike: a JSON syntax error says
 * its line and column, a schema problem says its path, so both read the same.
 */
import { readFileSync } from 'node:fs';
import { formatIssues } from '../wire/commands';
import { parseJsonText } from '../wire/json-text';
import { ScenarioSchema, type Scenario } from '../wire/scenario';

/** Scenario files are hand-written; a bigger one is a mistake (or hostile), not a scenario. */
export const SCENARIO_MAX_BYTES = 5 * 1024 * 1024;

export class ScenarioFileError extends Error {}

export function readScenarioFile(path: string): Scenario {
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > SCENARIO_MAX_BYTES)
      throw new ScenarioFileError(`${path}: ${bytes.length} bytes; a scenario file may have at most ${SCENARIO_MAX_BYTES}.`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof ScenarioFileError) throw error;
    throw new ScenarioFileError(`${path}: cannot be read (${error instanceof Error ? error.message : String(error)}).`);
  }
  return parseScenarioText(text, path);
}

export function parseScenarioText(text: string, source = 'scenario'): Scenario {
  const read = parseJsonText(text);
  if (!read.ok) {
    const { line, column, reason } = read.problem;
    throw new ScenarioFileError(`${source}:${line}:${column}: not valid JSON (${reason}).`);
  }
  return parseScenario(read.value, source);
}

export function parseScenario(json: unknown, source = 'scenario'): Scenario {
  const parsed = ScenarioSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioFileError(`${source}: not a valid scenario: ${formatIssues(parsed.error.issues.flatMap(closestBranch))}`);
  return parsed.data;
}

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/**
 * A step is one of three shapes, and zod reports a mismatch as "Invalid input" at
 * the step: the shape with the fewest problems is the one the author meant, so its
 * problems, with their full paths, say what to fix.
 */
function closestBranch(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest.flatMap((inner) => closestBranch({ ...inner, path: [...issue.path, ...inner.path] }));
}

/**
 * SEP-2356 (draft), with the "File inputs" setting: an accepted form answer's file
 * fields are checked the way the page checks them before sending (a data: URI,
 * a media type `accept` allows, at most `maxSize` bytes), so a script or a rule
 * is held to the same rule as a person. Their `format: uri` is not run as a
 * pattern on a data URI that may be megabytes long, as the proposal asks.
 */
import { fileInputOf, fileValueProblems } from '../wire/proposals';
import type { ContentProblem } from './content-validation';

/** The schema to validate the rest of the content with, and the file fields' own problems. */
export function checkFileFields(
  schema: Record<string, unknown>,
  content: Record<string, unknown>,
): { schema: Record<string, unknown>; problems: ContentProblem[] } {
  const properties = typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as Record<string, unknown>) : {};
  const problems: ContentProblem[] = [];
  const rest: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const input = fileInputOf(property);
    if (!input) {
      rest[name] = property;
      continue;
    }
    const { format: _format, ...withoutFormat } = property as Record<string, unknown>;
    rest[name] = withoutFormat;
    if (content[name] === undefined) continue;
    for (const message of fileValueProblems(input, content[name])) problems.push({ path: `/${name}`, message });
  }
  return { schema: { ...schema, properties: rest }, problems };
}

/**
 * The JSON Schemas published in schemas/, so editors complete and check the files
 * people write by hand. Each is generated from the zod schema the inspector reads
 * the file with, so the two cannot drift: `npm run schemas` writes them, and a test
 * fails when a committed file differs from what would be generated.
 */
import { z } from 'zod';
import { RulesFileSchema } from './wire/rules';
import { ScenarioSchema } from './wire/scenario';

export type PublishedSchema = { file: string; title: string; schema: z.ZodType };

/** One entry per published schema; add a file format here and run `npm run schemas`. */
export const PUBLISHED_SCHEMAS: PublishedSchema[] = [
  { file: 'schemas/rules.schema.json', title: 'Elicitation Inspector rules file', schema: RulesFileSchema },
  { file: 'schemas/scenario.schema.json', title: 'Elicitation Inspector scenario', schema: ScenarioSchema },
];

/** The file's text: the schema of what may be written (defaults make fields optional), stable key order. */
export function renderSchema({ title, schema }: PublishedSchema): string {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  return `${JSON.stringify({ title, ...json }, null, 2)}\n`;
}

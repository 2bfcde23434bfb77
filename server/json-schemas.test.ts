import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/processes';
import { PUBLISHED_SCHEMAS, renderSchema } from './json-schemas';
import { RULES_FILE_VERSION } from './wire/rules';

const published = (file: string) => {
  const found = PUBLISHED_SCHEMAS.find((p) => p.file === file);
  if (!found) throw new Error(`${file} is not published`);
  return found;
};

describe('published JSON Schemas', () => {
  it.each(PUBLISHED_SCHEMAS)('$file is what the zod schema generates (run `npm run schemas` after changing it)', (schema) => {
    expect(readFileSync(join(ROOT, schema.file), 'utf8')).toBe(renderSchema(schema));
  });

  it('the rules schema describes a file as people write it: only the answer is required of a rule', () => {
    const schema = JSON.parse(renderSchema(published('schemas/rules.schema.json'))) as {
      properties: { version: { const: number }; rules: { items: { required: string[]; properties: Record<string, unknown> } } };
    };
    expect(schema.properties.version.const).toBe(RULES_FILE_VERSION);
    expect(schema.properties.rules.items.required).toEqual(['answer']);
    expect(Object.keys(schema.properties.rules.items.properties)).toEqual(['id', 'name', 'enabled', 'match', 'answer']);
  });

  it('every example scenario is valid under the published scenario schema, and a typo is not', () => {
    const schema: unknown = JSON.parse(readFileSync(join(ROOT, 'schemas/scenario.schema.json'), 'utf8'));
    const validate = new Ajv2020({ strict: false }).compile(schema as object);
    for (const name of ['form-accept', 'form-decline', 'url-flow', 'multi-round-2026']) {
      const example: unknown = JSON.parse(readFileSync(join(ROOT, `examples/scenarios/${name}.json`), 'utf8'));
      expect({ name, errors: validate(example) ? null : validate.errors }).toEqual({ name, errors: null });
    }
    expect(validate({ steps: [{ call: 'echo', expect: { txt: { contains: 'x' } } }] })).toBe(false);
  });
});

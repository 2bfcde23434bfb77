import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/processes';
import { PUBLISHED_SCHEMAS, renderSchema } from './json-schemas';

describe('published JSON Schemas', () => {
  it.each(PUBLISHED_SCHEMAS)('$file is what the zod schema generates (run `npm run schemas` after changing it)', (published) => {
    expect(readFileSync(join(ROOT, published.file), 'utf8')).toBe(renderSchema(published));
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

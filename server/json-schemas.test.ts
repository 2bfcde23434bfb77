import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/processes';
import { PUBLISHED_SCHEMAS, renderSchema } from './json-schemas';
import { RULES_FILE_VERSION } from './wire/rules';

describe('published JSON Schemas', () => {
  it.each(PUBLISHED_SCHEMAS.map((p) => [p.file, p] as const))('%s is what `npm run schemas` generates', (file, published) => {
    expect(readFileSync(`${ROOT}${file}`, 'utf8')).toBe(renderSchema(published));
  });

  it('the rules schema describes a file as people write it: only the answer is required of a rule', () => {
    const schema = JSON.parse(renderSchema(PUBLISHED_SCHEMAS[0])) as {
      properties: { version: { const: number }; rules: { items: { required: string[]; properties: Record<string, unknown> } } };
    };
    expect(schema.properties.version.const).toBe(RULES_FILE_VERSION);
    expect(schema.properties.rules.items.required).toEqual(['answer']);
    expect(Object.keys(schema.properties.rules.items.properties)).toEqual(['id', 'name', 'enabled', 'match', 'answer']);
  });
});

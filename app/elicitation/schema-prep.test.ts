import { describe, expect, it } from 'vitest';
import { prepareForm } from './schema-prep';

describe('prepareForm', () => {
  it('legacy enumNames become option labels; the schema keeps its enum', () => {
    const { schema, uiSchema } = prepareForm({ type: 'object', properties: { pet: { type: 'string', enum: ['c', 'd'], enumNames: ['Cats', 'Dogs'] } } });
    expect(uiSchema.pet).toEqual({ 'ui:enumNames': ['Cats', 'Dogs'] });
    expect((schema.properties as Record<string, { enum: string[] }>).pet.enum).toEqual(['c', 'd']);
  });

  it('multi-select arrays (items.enum and items.anyOf) render as checkbox groups', () => {
    const { schema, uiSchema } = prepareForm({
      type: 'object',
      properties: {
        a: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
        b: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] } },
      },
    });
    expect(uiSchema.a).toEqual({ 'ui:widget': 'checkboxes' });
    expect(uiSchema.b).toEqual({ 'ui:widget': 'checkboxes' });
    expect((schema.properties as Record<string, { uniqueItems?: boolean }>).a.uniqueItems).toBe(true);
  });

  it('drops $schema and never mutates the server params', () => {
    const source = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { type: 'array', items: { enum: ['x'] } } } };
    const { schema } = prepareForm(source);
    expect(schema.$schema).toBeUndefined();
    expect(source.properties.a).toEqual({ type: 'array', items: { enum: ['x'] } });
  });

  it('copes with a missing or broken schema', () => {
    expect(prepareForm(undefined).schema).toEqual({ type: 'object', properties: {} });
    expect(prepareForm({ type: 'object', properties: { a: null } }).uiSchema).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { createSchemaUtils } from '@rjsf/utils';
import { JSON_FORM_DEFAULTS, jsonFormValidator } from '@app/ui/json-form/json-form';
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

describe('prepareForm as a boundary', () => {
  const NAME = { type: 'string', title: 'Name' };
  const HOSTILE: Record<string, unknown> = {
    refCycle: {
      type: 'object',
      properties: { name: NAME, node: { type: 'string', $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    },
    rootRef: { type: 'object', properties: { name: NAME }, $ref: '#' },
    remoteRef: { type: 'object', properties: { name: NAME, c: { type: 'string', $ref: 'https://example.com/x.json' } } },
    missingRef: { type: 'object', properties: { name: NAME }, $ref: '#/definitions/nowhere' },
    allOf: { type: 'object', properties: { name: NAME }, allOf: [{ $ref: '#/nowhere' }] },
    nested: { type: 'object', properties: { name: NAME, a: { type: 'string', properties: { b: { $ref: '#' } } }, o: { type: 'object', properties: {} } } },
  };

  it('follows no $ref: what rjsf gets from each hostile schema renders and validates without throwing', () => {
    for (const [label, source] of Object.entries(HOSTILE)) {
      const { schema, notes } = prepareForm(source);
      expect(JSON.stringify(schema), label).not.toMatch(/\$ref|\$defs|definitions|allOf/);
      expect(notes.length, label).toBeGreaterThan(0);
      const utils = createSchemaUtils(jsonFormValidator, schema);
      expect(() => utils.retrieveSchema(schema, utils.getDefaultFormState(schema, undefined) as Record<string, unknown>), label).not.toThrow();
      expect(jsonFormValidator.validateFormData({ name: 'x' }, schema).errors, label).toEqual([]);
    }
  });

  it('lists each keyword it leaves out with its raw text', () => {
    const { notes } = prepareForm(HOSTILE.refCycle);
    expect(notes).toContainEqual(expect.objectContaining({ path: 'node', keyword: '$ref', raw: '"#/$defs/a"' }));
    expect(notes).toContainEqual(expect.objectContaining({ path: '', keyword: '$defs' }));
  });

  it('keeps a pattern RE2 can run and drops one it cannot, saying it is not enforced', () => {
    const { schema, notes } = prepareForm({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^(a+)+$' }, b: { type: 'string', pattern: '(x)\\1' } },
    });
    const properties = schema.properties as Record<string, { pattern?: string }>;
    expect(properties.a.pattern).toBe('^(a+)+$');
    expect(properties.b.pattern).toBeUndefined();
    expect(notes).toContainEqual(expect.objectContaining({ path: 'b', keyword: 'pattern', why: expect.stringMatching(/^not enforced/) }));
  });

  it('drops fields and defaults of the wrong shape, and required names that no longer exist', () => {
    const { schema } = prepareForm({ type: 'object', properties: { o: { type: 'object' }, n: { type: 'number', default: 'x' } }, required: ['o', 'n', 7] });
    expect(schema).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
  });

  it('a select without a default starts empty', () => {
    const { schema } = prepareForm({
      type: 'object',
      properties: { size: { type: 'string', oneOf: [{ const: 's', title: 'S' }] }, color: { type: 'string', enum: ['r'] } },
    });
    expect(createSchemaUtils(jsonFormValidator, schema, JSON_FORM_DEFAULTS).getDefaultFormState(schema, undefined)).toEqual({});
  });
});

describe('file inputs (SEP-2356)', () => {
  const schema = {
    type: 'object',
    properties: { photo: { type: 'string', format: 'uri', title: 'Photo', 'x-mcp-file': { accept: ['image/png'], maxSize: 100 } } },
  };

  it('with the setting, an x-mcp-file field is a file picker, and its format is not run over the data URI', () => {
    const prepared = prepareForm(schema, { fileInputs: true });
    expect(prepared.schema.properties?.photo).toEqual({ type: 'string', title: 'Photo' });
    expect(prepared.uiSchema.photo).toEqual({ 'ui:widget': 'file', 'ui:options': { accept: ['image/png'], maxSize: 100 } });
    expect(prepared.notes).toEqual([]);
  });

  it('without it, the field is a text field and the keyword is listed as not followed', () => {
    const prepared = prepareForm(schema);
    expect(prepared.uiSchema.photo).toBeUndefined();
    expect(prepared.notes.map((n) => n.keyword)).toEqual(['x-mcp-file']);
  });
});

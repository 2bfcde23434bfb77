import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { JSON_FORM_AJV_OPTIONS, jsonFormValidator } from './json-form';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
/** The page's validator as it was: ajv's own meta-schema check, compiled at run time. */
const ajvOwn = () => customizeValidator<Record<string, unknown>>({ ajvOptionsOverrides: JSON_FORM_AJV_OPTIONS });

/** Schemas a server may send that break draft-07, one keyword each. */
const BROKEN: Record<string, unknown> = {
  'a negative minLength': { type: 'object', properties: { name: { type: 'string', minLength: -1 } } },
  'a fractional maxItems': { type: 'object', properties: { tags: { type: 'array', maxItems: 1.5 } } },
  'an unknown type': { type: 'object', properties: { when: { type: 'timestamp' } } },
  'type listed twice': { type: ['string', 'string'] },
  'required as a string': { type: 'object', required: 'name', properties: { name: { type: 'string' } } },
  'required with a repeat': { type: 'object', required: ['name', 'name'], properties: { name: { type: 'string' } } },
  'properties as a list': { type: 'object', properties: [{ type: 'string' }] },
  'an enum with a repeat': { type: 'object', properties: { plan: { enum: [{ tier: 1 }, { tier: 1 }] } } },
  'an empty enum': { type: 'object', properties: { plan: { type: 'string', enum: [] } } },
  'an empty oneOf': { type: 'string', oneOf: [] },
  'a title that is a number': { type: 'string', title: 7 },
  'draft-07 named, minimum a word': { $schema: `${DRAFT_07}#`, type: 'object', properties: { age: { type: 'integer', minimum: 'zero' } } },
};
/** And some that do not. */
const WELL_FORMED: Record<string, unknown> = {
  'the flat subset': {
    type: 'object',
    properties: { email: { type: 'string', format: 'email' }, color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }] } },
    required: ['email'],
  },
  'defaults and enums of any shape': { type: 'object', properties: { plan: { enum: ['a', { b: 1 }], default: { nested: [1] } } } },
  'draft-07 named': { $schema: `${DRAFT_07}#`, type: 'object', properties: { age: { type: 'integer', minimum: 0 } } },
};
const CASES = [
  ...Object.entries(BROKEN).map(([name, schema]) => ({ name, schema, isWellFormed: false })),
  ...Object.entries(WELL_FORMED).map(([name, schema]) => ({ name, schema, isWellFormed: true })),
];

describe('the forms check a schema against the JSON Schema meta-schema', () => {
  it('with no meta-schema validator compiled in the page', () => {
    const schema = { type: 'object', properties: { color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }], default: 'r' } } } satisfies RJSFSchema;
    expect(jsonFormValidator.isValid(schema, {}, schema)).toBe(true);
    expect(jsonFormValidator.ajv.schemas[DRAFT_07]?.validate).toBeUndefined();
  });

  it.each(CASES)('$name: the verdict, errors and refusal ajv itself gives', ({ schema: raw, isWellFormed }) => {
    const schema = raw as RJSFSchema;
    const own = ajvOwn();
    expect(jsonFormValidator.ajv.validateSchema(schema)).toBe(isWellFormed);
    expect(own.ajv.validateSchema(schema)).toBe(isWellFormed);
    expect(jsonFormValidator.ajv.errors).toEqual(own.ajv.errors);
    const refusal = (compile: () => unknown) => {
      try {
        compile();
        return undefined;
      } catch (error) {
        return String(error);
      }
    };
    expect(refusal(() => jsonFormValidator.ajv.compile(schema))).toBe(refusal(() => own.ajv.compile(schema)));
    // What a person sees: the form's validation of an answer against it.
    expect(jsonFormValidator.validateFormData({}, schema)).toEqual(own.validateFormData({}, schema));
  });

  it('a schema that names another meta-schema gets ajv its own check', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } as RJSFSchema;
    expect(() => jsonFormValidator.ajv.validateSchema(schema)).toThrow('no schema with key or ref "https://json-schema.org/draft/2020-12/schema"');
  });
});

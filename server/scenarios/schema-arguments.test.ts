import { describe, expect, it } from 'vitest';
import { argumentsFor } from './schema-arguments';

describe('argumentsFor', () => {
  it('fills each required property with a value of its type, and leaves optional ones out', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'integer', minimum: 3 }, name: { type: 'string', minLength: 2 }, note: { type: 'string' } },
      required: ['a', 'b', 'name'],
    };
    expect(argumentsFor(schema)).toEqual({ a: 0, b: 3, name: 'xx' });
  });

  it('prefers the default, the const and the first enum value; follows nested objects and arrays', () => {
    const schema = {
      type: 'object',
      properties: {
        tier: { type: 'string', enum: ['pro', 'free'] },
        region: { type: 'string', default: 'eu' },
        kind: { const: 'fixed' },
        flag: { type: ['boolean', 'null'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        where: { type: 'object', properties: { lat: { type: 'number', exclusiveMinimum: 5 } }, required: ['lat'] },
        below: { type: 'number', maximum: -2 },
      },
      required: ['tier', 'region', 'kind', 'flag', 'tags', 'where', 'below'],
    };
    expect(argumentsFor(schema)).toEqual({ tier: 'pro', region: 'eu', kind: 'fixed', flag: false, tags: [''], where: { lat: 6 }, below: -2 });
  });

  it('anything that is not an object schema gives empty arguments; a required name without a schema gets {}', () => {
    expect(argumentsFor(undefined)).toEqual({});
    expect(argumentsFor('nonsense')).toEqual({});
    expect(argumentsFor({ type: 'object', required: ['x'] })).toEqual({});
    expect(argumentsFor({ type: 'object', properties: {}, required: ['x', 7] })).toEqual({ x: {} });
  });

  it('a schema that nests itself deeply ends in {} instead of running on', () => {
    let schema: Record<string, unknown> = { type: 'object', properties: {}, required: [] };
    for (let i = 0; i < 50; i++) schema = { type: 'object', properties: { next: schema }, required: ['next'] };
    expect(JSON.stringify(argumentsFor(schema)).length).toBeLessThan(200);
  });
});

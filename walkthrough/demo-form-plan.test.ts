import { describe, expect, it } from 'vitest';
import { PROFILE_SCHEMA } from '../server/demo/schemas';
import { defaultedKeys, planForm } from './demo-form-plan';

describe('planForm', () => {
  it('names each field by its title and picks options by the label the page shows', () => {
    const plan = planForm(PROFILE_SCHEMA, {
      email: 'ada@example.com',
      age: 40,
      newsletter: true,
      region: 'us',
      color: '#2563eb',
      languages: ['Rust', 'Go'],
      sessions: ['ws-url'],
    });
    expect(plan).toEqual({
      kind: 'fields',
      fields: [
        { label: 'Email', kind: 'text', value: 'ada@example.com' },
        { label: 'Age', kind: 'text', value: '40' },
        { label: 'Subscribe to the newsletter', kind: 'checkbox', value: true },
        { label: 'Region', kind: 'select', value: 'United States' },
        { label: 'Badge color', kind: 'select', value: 'Blue' },
        { label: 'Languages', kind: 'multi', value: ['Rust', 'Go'] },
        { label: 'Workshops', kind: 'multi', value: ['URL-mode flows'] },
      ],
    });
  });

  it('a property without a title is labelled by its name', () => {
    expect(planForm({ type: 'object', properties: { note: { type: 'string' } } }, { note: 'hi' })).toEqual({
      kind: 'fields',
      fields: [{ label: 'note', kind: 'text', value: 'hi' }],
    });
  });

  it('falls back to JSON for whatever the fields could not send exactly', () => {
    const cases: [unknown, Record<string, unknown>, RegExp][] = [
      [PROFILE_SCHEMA, { nickname: 'x' }, /no field for "nickname"/],
      [PROFILE_SCHEMA, { plan: 'enterprise' }, /"Plan" cannot take "enterprise"/],
      [PROFILE_SCHEMA, { age: '40' }, /"Age" cannot take "40"/],
      [PROFILE_SCHEMA, { meetingAt: '2027-01-01T10:00:00Z' }, /"Meeting time"/],
      [PROFILE_SCHEMA, { languages: ['Cobol'] }, /"Languages"/],
      [
        { type: 'object', properties: { a: { type: 'string', title: 'Same' }, b: { type: 'string', title: 'Same' } } },
        { a: 'x' },
        /two fields are titled "Same"/,
      ],
      [{ type: 'object', properties: { address: { type: 'object', title: 'Address' } } }, { address: { city: 'Oslo' } }, /"Address"/],
      ['not a schema', { a: 1 }, /no field for "a"/],
    ];
    for (const [schema, values, reason] of cases) {
      const plan = planForm(schema, values);
      expect(plan.kind, JSON.stringify(values)).toBe('json');
      if (plan.kind === 'json') expect(plan.reason).toMatch(reason);
    }
  });

  it('lists the properties a form prefills', () => {
    expect(defaultedKeys(PROFILE_SCHEMA)).toEqual(['name', 'age', 'rating', 'newsletter', 'plan', 'color', 'languages']);
    expect(defaultedKeys(undefined)).toEqual([]);
  });
});

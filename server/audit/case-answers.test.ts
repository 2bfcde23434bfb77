/**
 * The generated answers: the baseline fits the schema it came from, and each
 * case changes one thing that the schema refuses (or, for the odd-but-valid
 * cases, accepts).
 */
import { describe, expect, it } from 'vitest';
import { validateContent } from '../checks/content-validation';
import { PROFILE_SCHEMA } from '../demo/schemas';
import { SIGNUP_SCHEMA } from '../demo/audit-tools';
import { baselineContent, caseAnswers, MARKERS, userCaseAnswers } from './case-answers';
import { flipOneByte } from './retry-cases';

describe('case answers', () => {
  it.each([
    ['the demo profile form', PROFILE_SCHEMA],
    ['the sign-up form', SIGNUP_SCHEMA],
  ])('the baseline answer to %s fits its schema, and every case the judge wants refused does not', (_name, schema) => {
    expect(validateContent(schema, baselineContent(schema))).toEqual([]);
    for (const generated of caseAnswers(schema)) {
      const content = generated.answer.content;
      if (generated.judge !== 'refuse' || content === undefined || generated.case.id === 'extra-property') continue;
      expect(validateContent(schema, content), `${generated.case.id} ${generated.field ?? ''}`).not.toEqual([]);
    }
  });

  it('a case applies only where it can: a bad format for a field with a format, an option outside the list for a field with one', () => {
    const fields = (id: string) =>
      caseAnswers(SIGNUP_SCHEMA)
        .filter((generated) => generated.case.id === id)
        .map((generated) => generated.field);
    expect(fields('bad-format')).toEqual(['email']);
    expect(fields('not-an-option')).toEqual(['plan']);
    expect(fields('number-as-string')).toEqual(['age']);
    expect(caseAnswers(SIGNUP_SCHEMA, new Set(['null'])).some((generated) => generated.case.id === 'null')).toBe(false);
  });

  it("a case of the user's own lays its value over the valid answer, where the form has its field or in the form it names", () => {
    const cases = [
      { id: 'too-young', judge: 'refuse' as const, field: 'age', value: 12 },
      { id: 'no-such-field', judge: 'refuse' as const, field: 'shoeSize', value: 44 },
      { id: 'admin-plan', judge: 'not-use' as const, content: { plan: 'admin', newsletter: false }, elicitation: 2 },
    ];
    const first = userCaseAnswers(SIGNUP_SCHEMA, 1, cases);
    expect(first.map((generated) => [generated.case.id, generated.field, generated.answer.content, generated.marker])).toEqual([
      ['too-young', 'age', { ...baselineContent(SIGNUP_SCHEMA), age: 12 }, { value: 12 }],
    ]);
    const second = userCaseAnswers(SIGNUP_SCHEMA, 2, cases).find((generated) => generated.case.id === 'admin-plan');
    // The marker is the value the valid answer does not have: the newsletter's false is its default.
    expect(second).toMatchObject({ judge: 'not-use', answer: { content: { plan: 'admin', newsletter: false } }, marker: { value: 'admin' } });
  });

  it('the late answer is valid and shows itself in the first plain text field that can hold it', () => {
    const late = caseAnswers(SIGNUP_SCHEMA).find((generated) => generated.case.id === 'answer-after-cancel');
    expect(late).toMatchObject({ late: true, judge: 'not-use', marker: { value: MARKERS.late } });
    expect(validateContent(SIGNUP_SCHEMA, late!.answer.content!)).toEqual([]);
  });

  it('one byte changed keeps the length and changes the state', () => {
    for (const state of ['abc.def', 'x', '~~~', '{"a":1}']) {
      const flipped = flipOneByte(state);
      expect(flipped).toHaveLength(state.length);
      expect(flipped).not.toBe(state);
    }
  });
});

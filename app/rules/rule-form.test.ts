import { describe, expect, it } from 'vitest';
import { emptyRuleForm, formFromRule } from './rule-form';
import { ruleFromForm } from './rule-from-form';

describe('rule form', () => {
  it('turns every field into the rule, and back', () => {
    const form = {
      ...emptyRuleForm(),
      id: 'r1',
      name: ' profile ',
      tool: 'collect_profile',
      server: 'demo',
      mode: 'form' as const,
      message: 'profile',
      messagePattern: '^Tell',
      properties: 'name, email',
      roundKey: 'profile',
      answer: 'accept-content' as const,
      content: '{"name": "Ada"}',
      delayMs: '500',
      skipValidation: true,
    };
    const built = ruleFromForm(form);
    expect(built).toEqual({
      rule: {
        id: 'r1',
        name: 'profile',
        enabled: true,
        match: {
          tool: 'collect_profile',
          server: 'demo',
          mode: 'form',
          message: 'profile',
          messagePattern: '^Tell',
          properties: ['name', 'email'],
          roundKey: 'profile',
        },
        answer: { action: 'accept', content: { name: 'Ada' }, skipValidation: true, delayMs: 500 },
      },
    });
    if (!('rule' in built)) throw new Error('no rule');
    expect(formFromRule(built.rule)).toMatchObject({ ...form, name: 'profile', content: '{\n  "name": "Ada"\n}' });
  });

  it('an empty match answers everything; accept without content sends the defaults', () => {
    expect(ruleFromForm({ ...emptyRuleForm(), id: 'r2', answer: 'accept-defaults', content: 'ignored' })).toEqual({
      rule: { id: 'r2', enabled: true, match: {}, answer: { action: 'accept' } },
    });
  });

  it('an imported rule that sends its content as written keeps doing so once edited', () => {
    const rule = { id: 'r4', enabled: true, match: {}, answer: { action: 'accept' as const, content: { name: 'Ada' }, mergeDefaults: false } };
    expect(ruleFromForm({ ...formFromRule(rule), name: 'edited' })).toEqual({ rule: { ...rule, name: 'edited' } });
  });

  it('an imported rule that matches an app (SEP-3118) keeps its match once edited', () => {
    for (const app of [true, false, 'ui://demo/choose-plan']) {
      const rule = { id: 'r5', enabled: true, match: { app }, answer: { action: 'decline' as const } };
      expect(ruleFromForm({ ...formFromRule(rule), name: 'edited' })).toEqual({ rule: { ...rule, name: 'edited' } });
    }
  });

  it('says which field is wrong', () => {
    const base = emptyRuleForm();
    expect(ruleFromForm({ ...base, answer: 'accept-content', content: '{name: 1}' })).toEqual({ error: expect.stringMatching(/^Content is not valid JSON: /) });
    expect(ruleFromForm({ ...base, answer: 'accept-content', content: '[1]' })).toEqual({ error: 'Content must be a JSON object, such as {"name": "Ada"}.' });
    expect(ruleFromForm({ ...base, delayMs: '1.5' })).toEqual({ error: expect.stringMatching(/^Delay: a whole number/) });
    expect(ruleFromForm({ ...base, messagePattern: '(a)\\1' })).toEqual({
      error: expect.stringMatching(/^Message pattern: a linear-time engine cannot run it/),
    });
  });

  it('a never-answering rule carries no delay, and only accept carries validation and completion flags', () => {
    expect(ruleFromForm({ ...emptyRuleForm(), id: 'r3', answer: 'none', delayMs: '100', skipValidation: true, markComplete: true })).toEqual({
      rule: { id: 'r3', enabled: true, match: {}, answer: { action: 'none' } },
    });
  });
});

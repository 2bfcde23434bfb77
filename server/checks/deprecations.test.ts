import { describe, expect, it } from 'vitest';
import { SessionSettingsSchema } from '../wire/target';
import { LoggingNotes, MAX_LOGGING_NOTES, deprecatedFeatureOf, deprecationFinding, notesDeprecations } from './deprecations';

const on = SessionSettingsSchema.parse({ proposals: { deprecationNotes: true } });
const off = SessionSettingsSchema.parse({});

describe('deprecation notes (SEP-2577)', () => {
  it('apply from 2026-07-28 on, with the setting on, and never to a version not yet negotiated', () => {
    expect(notesDeprecations(on, '2026-07-28')).toBe(true);
    expect(notesDeprecations(on, '2027-01-01')).toBe(true);
    expect(notesDeprecations(on, '2025-11-25')).toBe(false);
    expect(notesDeprecations(on, 'auto')).toBe(false);
    expect(notesDeprecations(on, undefined)).toBe(false);
    expect(notesDeprecations(off, '2026-07-28')).toBe(false);
  });

  it('name the feature, the earliest removal and where to move', () => {
    expect(deprecatedFeatureOf('sampling/createMessage')).toBe('sampling');
    expect(deprecatedFeatureOf('elicitation/create')).toBeUndefined();
    const finding = deprecationFinding('sampling', 'asked for sampling/createMessage', '2026-07-28');
    expect(finding).toMatchObject({ code: 'sampling-deprecated', severity: 'warning' });
    expect(finding.message).toMatch(/Sampling is deprecated from 2026-07-28.*first revision released on or after 2027-07-28.*model provider/);
  });

  it('note each log message up to the budget, then say once that the rest go unnoted', () => {
    const notes = new LoggingNotes();
    const codes = Array.from({ length: MAX_LOGGING_NOTES + 5 }, () => notes.next('2026-07-28').map((f) => f.code)).flat();
    expect(codes.filter((code) => code === 'logging-deprecated')).toHaveLength(MAX_LOGGING_NOTES);
    expect(codes.slice(MAX_LOGGING_NOTES)).toEqual(['logging-deprecated-unnoted']);
  });
});

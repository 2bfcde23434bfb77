/**
 * The answers the audit sends to one form: a valid baseline built from the
 * requestedSchema (read through the flat subset the page's form uses), and from
 * it one answer per field case and per answer case of AUDIT_CASES, each changing
 * one thing. A case that cannot apply to a field (a bad format for a field
 * without one) is not generated.
 */
import { AUDIT_CASES, type AuditCase, type AuditJudge, type UserAuditCase } from '../wire/audit';
import { prepareFlatSchema, type FlatSchema } from '../wire/flat-schema';
import type { RuleAnswer } from '../wire/rules';
import type { Marker } from './judge';

/** Values a careless server would show as they came: distinctive enough to find in its result. */
export const MARKERS = {
  wrongTypeText: 'audit-wrong-type',
  wrongTypeNumber: 7301,
  notAnOption: 'audit-not-an-option',
  badFormat: { email: 'audit-not-an-email', uri: 'audit not a uri', date: '2026-13-45', 'date-time': 'audit-yesterday' } as Record<string, string>,
  extra: 'audit-extra-property',
  late: 'audit-late-answer',
  controls: 'audit\u0000\u0007\u001b[31m\u202e\u200b\uFEFF\u{1F600}\uD800end',
} as const;
export const VERY_LONG_CHARS = 200_000;

/** One generated answer: the case, the field it aims at, what to send, how to judge it, and the value to look for in the result. */
export type CaseAnswer = {
  case: AuditCase;
  field?: string;
  answer: RuleAnswer;
  judge: AuditJudge;
  /** The odd value sent; found in the result, it shows the server used it. Absent: the case has nothing to look for. */
  marker?: Marker;
  /** Held until the server gives up on the question, then sent anyway. */
  late?: boolean;
};

type Field = { name: string; schema: FlatSchema; isRequired: boolean };

/** The form's fields as the flat subset reads them. */
export function formFields(requestedSchema: unknown): Field[] {
  const { schema } = prepareFlatSchema(requestedSchema);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => ({ name, schema: field, isRequired: required.has(name) }));
}

/**
 * A valid answer to every field: what the scenario file's own answer gives (`given`), else the field's
 * default, else the first option or a value inside its limits. The file knows answers the audit cannot
 * guess (the project's name typed to confirm its deletion).
 */
export function baselineContent(requestedSchema: unknown, given?: Record<string, unknown>): Record<string, unknown> {
  return { ...Object.fromEntries(formFields(requestedSchema).map((field) => [field.name, validValue(field.schema)])), ...given };
}

export function baselineAnswer(requestedSchema: unknown): RuleAnswer {
  return { action: 'accept', content: baselineContent(requestedSchema), mergeDefaults: false, skipValidation: true };
}

/** The URL-mode cases' answers to a URL request: decline, cancel, and consent that is never followed by completion. */
export function urlCaseAnswers(skip: ReadonlySet<string> = new Set()): CaseAnswer[] {
  return AUDIT_CASES.filter((auditCase) => auditCase.scope === 'url' && !skip.has(auditCase.id)).map((auditCase) => ({
    case: auditCase,
    answer: { action: auditCase.id === 'url-decline' ? 'decline' : auditCase.id === 'url-cancel' ? 'cancel' : 'accept' },
    judge: auditCase.judge,
  }));
}

/**
 * The answers of the user's own cases (the scenario file's `audit.cases`) for the `ordinal`-th form:
 * a field case where the form has that field, an answer case on every form (or the one it names).
 */
export function userCaseAnswers(requestedSchema: unknown, ordinal: number, cases: readonly UserAuditCase[], given?: Record<string, unknown>): CaseAnswer[] {
  const fields = new Set(formFields(requestedSchema).map((field) => field.name));
  const baseline = baselineContent(requestedSchema, given);
  return cases.flatMap((userCase): CaseAnswer[] => {
    if (userCase.elicitation !== undefined && userCase.elicitation !== ordinal) return [];
    if (userCase.field !== undefined && !fields.has(userCase.field)) return [];
    const auditCase: AuditCase = { id: userCase.id, scope: userCase.field ? 'field' : 'answer', title: userCase.title ?? userCase.id, judge: userCase.judge };
    const laid = userCase.field !== undefined ? { [userCase.field]: userCase.value } : (userCase.content ?? {});
    const changed = Object.values(laid).find((value, i) => JSON.stringify(value) !== JSON.stringify(baseline[Object.keys(laid)[i]]));
    return [
      {
        case: auditCase,
        ...(userCase.field !== undefined && { field: userCase.field }),
        answer: { action: 'accept', content: { ...baseline, ...laid }, mergeDefaults: false, skipValidation: true },
        judge: userCase.judge,
        ...(changed !== undefined && changed !== null && { marker: { value: changed } }),
      },
    ];
  });
}

/** Every case's answer for this form, in AUDIT_CASES order, each laid over the valid answer (with the file's own, `given`); `skip` leaves cases out by id. */
export function caseAnswers(requestedSchema: unknown, skip: ReadonlySet<string> = new Set(), given?: Record<string, unknown>): CaseAnswer[] {
  const fields = formFields(requestedSchema);
  const baseline = baselineContent(requestedSchema, given);
  const hasRequired = fields.some((field) => field.isRequired);
  const out: CaseAnswer[] = [];
  const send = (content: Record<string, unknown> | undefined, action: RuleAnswer['action'] = 'accept'): RuleAnswer =>
    action !== 'accept' ? { action } : { action, ...(content && { content }), mergeDefaults: false, skipValidation: true };
  for (const auditCase of AUDIT_CASES) {
    if (skip.has(auditCase.id) || auditCase.scope === 'retry') continue;
    if (auditCase.scope === 'answer') {
      const judge = auditCase.refuseWhen === 'has-required' && hasRequired ? 'refuse' : auditCase.judge;
      if (auditCase.id === 'extra-property')
        out.push({ case: auditCase, answer: send({ ...baseline, auditExtra: MARKERS.extra }), judge, marker: { value: MARKERS.extra } });
      else if (auditCase.id === 'decline' || auditCase.id === 'cancel') out.push({ case: auditCase, answer: send(undefined, auditCase.id), judge });
      else if (auditCase.id === 'answer-after-cancel') out.push({ case: auditCase, ...lateAnswer(fields, baseline), judge, late: true });
      else out.push({ case: auditCase, answer: send(auditCase.id === 'accept-empty' ? {} : undefined), judge });
      continue;
    }
    for (const field of fields) {
      const value = fieldCaseValue(auditCase.id, field);
      if (value === NOT_APPLICABLE) continue;
      const judge =
        (auditCase.refuseWhen === 'required' && field.isRequired) || (auditCase.refuseWhen === 'max-length' && typeof field.schema.maxLength === 'number')
          ? 'refuse'
          : auditCase.judge;
      const content = { ...baseline };
      if (value === ABSENT) delete content[field.name];
      else content[field.name] = value;
      // A number sent as a string reads like the number in plain text: only its quoted form shows it was used.
      const marker: Marker = auditCase.id === 'number-as-string' ? { value, text: JSON.stringify(value) } : { value };
      out.push({ case: auditCase, field: field.name, answer: send(content), judge, ...(value !== ABSENT && { marker }) });
    }
  }
  return out;
}

/** A valid answer that shows itself: its first plain text field that can hold it carries MARKERS.late. */
function lateAnswer(fields: Field[], baseline: Record<string, unknown>): Pick<CaseAnswer, 'answer' | 'marker'> {
  const fits = (s: FlatSchema) =>
    s.type === 'string' &&
    !fieldOptions(s) &&
    typeof s.format !== 'string' &&
    !(typeof s.minLength === 'number' && s.minLength > MARKERS.late.length) &&
    !(typeof s.maxLength === 'number' && s.maxLength < MARKERS.late.length);
  const field = fields.find((candidate) => fits(candidate.schema));
  const content = field ? { ...baseline, [field.name]: MARKERS.late } : baseline;
  return { answer: { action: 'accept', content, mergeDefaults: false, skipValidation: true }, ...(field && { marker: { value: MARKERS.late } }) };
}

const ABSENT = Symbol('absent');
const NOT_APPLICABLE = Symbol('not applicable');

function fieldCaseValue(id: string, field: Field): unknown {
  const s = field.schema;
  const type = s.type;
  const isNumber = type === 'number' || type === 'integer';
  const options = fieldOptions(s);
  switch (id) {
    case 'absent':
      return ABSENT;
    case 'null':
      return null;
    case 'wrong-type':
      return type === 'string' ? MARKERS.wrongTypeNumber : MARKERS.wrongTypeText;
    case 'out-of-range':
      return outOfRange(s, options);
    case 'bad-format':
      return type === 'string' && typeof s.format === 'string' ? (MARKERS.badFormat[s.format] ?? `audit-not-${s.format}`) : NOT_APPLICABLE;
    case 'not-an-option':
      if (type === 'array') return [MARKERS.notAnOption];
      return options ? (isNumber ? MARKERS.wrongTypeNumber : MARKERS.notAnOption) : NOT_APPLICABLE;
    case 'number-as-string':
      return isNumber ? String(validValue(s)) : NOT_APPLICABLE;
    case 'very-long':
      return type === 'string' && !options && typeof s.format !== 'string' ? 'L'.repeat(VERY_LONG_CHARS) : NOT_APPLICABLE;
    case 'control-characters':
      return type === 'string' && !options && typeof s.format !== 'string' ? MARKERS.controls : NOT_APPLICABLE;
    default:
      return NOT_APPLICABLE;
  }
}

function outOfRange(s: FlatSchema, options: unknown[] | undefined): unknown {
  const num = (key: string) => (typeof s[key] === 'number' ? s[key] : undefined);
  if (s.type === 'number' || s.type === 'integer') {
    const maximum = num('maximum');
    const minimum = num('minimum');
    if (maximum !== undefined) return maximum + 1;
    if (minimum !== undefined) return minimum - 1;
    return NOT_APPLICABLE;
  }
  if (s.type === 'string' && !options) {
    const maxLength = num('maxLength');
    const minLength = num('minLength');
    if (maxLength !== undefined) return 'y'.repeat(maxLength + 1);
    if (minLength !== undefined && minLength > 0) return 'y'.repeat(minLength - 1);
    return NOT_APPLICABLE;
  }
  if (s.type === 'array' && options) {
    const maxItems = num('maxItems');
    const minItems = num('minItems');
    if (maxItems !== undefined && options.length > maxItems) return options.slice(0, maxItems + 1);
    if (minItems !== undefined && minItems > 0) return options.slice(0, minItems - 1);
  }
  return NOT_APPLICABLE;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'ada@example.com',
  uri: 'https://example.com/',
  date: '2026-01-02',
  'date-time': '2026-01-02T03:04:05Z',
};

/** A value the field accepts. */
export function validValue(s: FlatSchema): unknown {
  if (s.default !== undefined) return s.default;
  const options = fieldOptions(s);
  const num = (key: string) => (typeof s[key] === 'number' ? s[key] : undefined);
  if (s.type === 'array') return (options ?? []).slice(0, Math.max(1, num('minItems') ?? 1));
  if (options) return options[0];
  if (s.type === 'boolean') return true;
  if (s.type === 'number' || s.type === 'integer') {
    const low = num('minimum') ?? Math.min(1, num('maximum') ?? 1);
    return s.type === 'integer' ? Math.ceil(low) : low;
  }
  if (typeof s.format === 'string' && FORMAT_EXAMPLES[s.format]) return FORMAT_EXAMPLES[s.format];
  const minLength = num('minLength') ?? 0;
  const maxLength = num('maxLength') ?? Infinity;
  return 'audit'.padEnd(minLength, 'x').slice(0, Math.max(minLength, Math.min(5, maxLength)));
}

/** The values a field offers: enum, oneOf/anyOf consts, or for a multi-select its items'. */
function fieldOptions(s: FlatSchema): unknown[] | undefined {
  const from = (schema: unknown): unknown[] | undefined => {
    if (typeof schema !== 'object' || schema === null) return undefined;
    const record = schema as Record<string, unknown>;
    if (Array.isArray(record.enum)) return record.enum as unknown[];
    const titled = Array.isArray(record.oneOf) ? record.oneOf : Array.isArray(record.anyOf) ? record.anyOf : undefined;
    return titled?.map((option) => (option as { const: unknown }).const);
  };
  return s.type === 'array' ? from(s.items) : from(s);
}

/**
 * What changed between two `requestedSchema`s, field by field: the words a server
 * author uses (a field added, removed, retyped, made required or optional, its
 * default or its options changed), not a JSON patch.
 */
import type { DiffChange } from '../wire/session-diff';

type Schema = Record<string, unknown>;

/** The changes from `a` to `b`; `label` prefixes each (e.g. "elicitation 1"). Both may be absent (a URL elicitation). */
export function schemaChanges(label: string, a: Schema | undefined, b: Schema | undefined): DiffChange[] {
  const changes: DiffChange[] = [];
  const before = properties(a);
  const after = properties(b);
  const requiredA = requiredSet(a);
  const requiredB = requiredSet(b);
  for (const [name, field] of Object.entries(before)) {
    if (!(name in after)) changes.push({ aspect: 'schema', what: `${label}: field "${name}" removed`, a: fieldType(field) });
  }
  for (const [name, field] of Object.entries(after)) {
    const old = before[name];
    if (old === undefined) {
      changes.push({ aspect: 'schema', what: `${label}: field "${name}" added`, b: `${fieldType(field)}${requiredB.has(name) ? ', required' : ''}` });
      continue;
    }
    const change = (what: string, from: string | undefined, to: string | undefined) => {
      if (from !== to)
        changes.push({
          aspect: 'schema',
          what: `${label}: field "${name}" ${what}`,
          ...(from !== undefined && { a: from }),
          ...(to !== undefined && { b: to }),
        });
    };
    change('retyped', fieldType(old), fieldType(field));
    change('options changed', options(old), options(field));
    change('default changed', show(old.default), show(field.default));
    change('title changed', text(old.title), text(field.title));
    if (requiredA.has(name) !== requiredB.has(name)) {
      changes.push({
        aspect: 'schema',
        what: `${label}: field "${name}" ${requiredB.has(name) ? 'made required' : 'made optional'}`,
        a: requiredA.has(name) ? 'required' : 'optional',
        b: requiredB.has(name) ? 'required' : 'optional',
      });
    }
  }
  return changes;
}

function properties(schema: Schema | undefined): Record<string, Schema> {
  const props = schema?.properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return {};
  const out: Record<string, Schema> = {};
  for (const [name, field] of Object.entries(props)) out[name] = typeof field === 'object' && field !== null && !Array.isArray(field) ? (field as Schema) : {};
  return out;
}

function requiredSet(schema: Schema | undefined): Set<string> {
  const required = schema?.required;
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : []);
}

/** The field's type as a person reads it: `string`, `string (date)`, `array of string`. */
function fieldType(field: Schema): string {
  const type = Array.isArray(field.type) ? field.type.map(String).join(' | ') : typeof field.type === 'string' ? field.type : undefined;
  const format = typeof field.format === 'string' ? ` (${field.format})` : '';
  if (type === 'array' && typeof field.items === 'object' && field.items !== null) return `array of ${fieldType(field.items as Schema)}`;
  return `${type ?? (Array.isArray(field.oneOf) || Array.isArray(field.anyOf) ? 'string' : 'any')}${format}`;
}

/** The values a person can pick, from `enum`, or `oneOf`/`anyOf` of `const`s; undefined for a free field. */
function options(field: Schema): string | undefined {
  if (typeof field.items === 'object' && field.items !== null) return options(field.items as Schema);
  const list: unknown[] | undefined = Array.isArray(field.enum)
    ? field.enum
    : Array.isArray(field.oneOf)
      ? field.oneOf
      : Array.isArray(field.anyOf)
        ? field.anyOf
        : undefined;
  if (!list) return undefined;
  return list.map((option: unknown) => (typeof option === 'object' && option !== null && 'const' in option ? show(option.const) : show(option))).join(', ');
}

function show(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

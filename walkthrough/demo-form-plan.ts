/**
 * How a person would type values into a generated form: which field (by the
 * title the page shows as its label), what kind of control, and what to enter
 * or pick. Values the form's controls cannot express exactly (a nested object,
 * a value outside an enum, a date-time whose input would reshape it, a key the
 * schema does not have) make the whole plan fall back to the JSON editor, so
 * what is sent is always what the scenario says.
 */

export type FieldFill =
  | { label: string; kind: 'text'; value: string }
  | { label: string; kind: 'checkbox'; value: boolean }
  | { label: string; kind: 'select'; value: string }
  | { label: string; kind: 'multi'; value: string[] };

export type FormPlan = { kind: 'fields'; fields: FieldFill[] } | { kind: 'json'; reason: string };

/** Plan the fill of `values` into the form built from `schema` (an object schema with flat properties). */
export function planForm(schema: unknown, values: Record<string, unknown>): FormPlan {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const labels = new Map<string, number>();
  for (const [key, property] of Object.entries(properties)) {
    const label = labelOf(key, property);
    labels.set(label, (labels.get(label) ?? 0) + 1);
  }
  const fields: FieldFill[] = [];
  for (const [key, value] of Object.entries(values)) {
    const property = properties[key];
    if (!isRecord(property)) return { kind: 'json', reason: `the form has no field for "${key}"` };
    const label = labelOf(key, property);
    if ((labels.get(label) ?? 0) > 1) return { kind: 'json', reason: `two fields are titled "${label}"` };
    const fill = fieldFill(label, property, value);
    if (!fill) return { kind: 'json', reason: `the field "${label}" cannot take ${JSON.stringify(value)} as typed` };
    fields.push(fill);
  }
  return { kind: 'fields', fields };
}

/** Property names whose schema has a default: a form prefills them, and sends them unless changed. */
export function defaultedKeys(schema: unknown): string[] {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([, property]) => isRecord(property) && property.default !== undefined)
    .map(([key]) => key);
}

function fieldFill(label: string, property: Record<string, unknown>, value: unknown): FieldFill | undefined {
  const type = property.type;
  if (type === 'boolean') return typeof value === 'boolean' ? { label, kind: 'checkbox', value } : undefined;
  if (type === 'array') {
    const options = optionsOf(isRecord(property.items) ? property.items : {});
    if (!options || !Array.isArray(value)) return undefined;
    const picked = value.map((item) => options.find((option) => option.value === item)?.label);
    return picked.every((label): label is string => label !== undefined) ? { label, kind: 'multi', value: picked } : undefined;
  }
  const options = optionsOf(property);
  if (options) {
    const option = options.find((candidate) => candidate.value === value);
    return option ? { label, kind: 'select', value: option.label } : undefined;
  }
  if (type === 'string' && typeof value === 'string') {
    // A date-time input keeps minutes only and no zone: typing the scenario's value would send another one.
    if (property.format === 'date-time') return undefined;
    return { label, kind: 'text', value };
  }
  if ((type === 'number' || type === 'integer') && typeof value === 'number' && Number.isFinite(value)) return { label, kind: 'text', value: String(value) };
  return undefined;
}

/** An enum's options as the page lists them: titled `oneOf`/`anyOf`, legacy `enumNames`, or the values themselves. */
function optionsOf(schema: Record<string, unknown>): { value: unknown; label: string }[] | undefined {
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (titled) {
    const options = titled.filter(isRecord).filter((option) => 'const' in option);
    if (options.length === 0) return undefined;
    return options.map((option) => ({ value: option.const, label: typeof option.title === 'string' ? option.title : String(option.const) }));
  }
  if (!Array.isArray(schema.enum)) return undefined;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return schema.enum.map((value: unknown, i) => ({ value, label: typeof names[i] === 'string' ? names[i] : String(value) }));
}

function labelOf(key: string, property: unknown): string {
  return isRecord(property) && typeof property.title === 'string' && property.title.trim() ? property.title : key;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

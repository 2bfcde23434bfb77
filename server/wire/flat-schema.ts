/**
 * The flat subset of a server's `requestedSchema`, read one way for everyone who
 * needs it: the page's form (app/elicitation/schema-prep.ts hands it to
 * react-jsonschema-form) and the audit, which generates its answers from it.
 * rjsf follows `$ref`, merges `allOf` and recurses into nested objects, and it
 * throws while rendering on a `$ref` cycle or a reference it cannot resolve. So
 * only the spec's flat subset goes through, rebuilt keyword by keyword; whatever
 * else the server sent is listed as not followed, with its raw text, for the
 * person to see (and to send by hand with Edit as JSON). On the way, legacy
 * `enumNames` become option labels and multi-select arrays checkbox groups.
 */
import { FILE_INPUT_KEYWORD, fileInputOf } from './proposals';
import { compileSafePattern } from './safe-pattern';

/** Something in the schema the form does not use: where, which keyword, and its raw value (shortened). */
export type SchemaNote = { path: string; keyword: string; raw: string; why: string };
/** A JSON Schema object of the flat subset, rebuilt keyword by keyword. */
export type FlatSchema = Record<string, unknown>;
/** Per field, how a form shows it (react-jsonschema-form's `ui:` keys). */
export type FieldHints = Record<string, Record<string, unknown>>;
export type FlatForm = { schema: FlatSchema & { properties: Record<string, FlatSchema>; required?: string[] }; uiSchema: FieldHints; notes: SchemaNote[] };

export const MAX_FIELDS = 200;
export const MAX_OPTIONS = 1_000;
const RAW_CHARS = 160;
const FIELD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);
const ROOT_KEYWORDS = new Set(['type', 'properties', 'required', 'title', 'description', '$schema']);
/** Keywords of the flat subset that are copied as they are once their value has the right shape. */
const NUMBER_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
const TEXT_KEYWORDS = ['title', 'description', 'format'] as const;
const HANDLED_KEYWORDS = new Set<string>([
  'type',
  'default',
  'enum',
  'enumNames',
  'oneOf',
  'anyOf',
  'items',
  'pattern',
  'uniqueItems',
  ...NUMBER_KEYWORDS,
  ...TEXT_KEYWORDS,
]);

/** `fileInputs`: the File inputs setting (SEP-2356) is on, so `x-mcp-file` fields are file pickers. */
export function prepareFlatSchema(requestedSchema: unknown, { fileInputs = false }: { fileInputs?: boolean } = {}): FlatForm {
  const notes: SchemaNote[] = [];
  const root = isRecord(requestedSchema) ? requestedSchema : {};
  for (const [keyword, value] of Object.entries(root)) {
    if (!ROOT_KEYWORDS.has(keyword)) notes.push(note('', keyword, value, 'not part of the flat schema elicitation allows; not followed'));
  }
  const source = isRecord(root.properties) ? root.properties : {};
  const properties: Record<string, FlatSchema> = {};
  const uiSchema: FieldHints = {};
  for (const [name, raw] of Object.entries(source)) {
    if (Object.keys(properties).length >= MAX_FIELDS) {
      notes.push(note(name, '', raw, `past the first ${MAX_FIELDS} fields; not shown`));
      continue;
    }
    const field = prepareField(name, raw, notes, fileInputs);
    if (!field) continue;
    properties[name] = field.schema;
    if (Object.keys(field.ui).length) uiSchema[name] = field.ui;
  }
  const required = Array.isArray(root.required) ? root.required.filter((r): r is string => typeof r === 'string' && r in properties) : [];
  const schema: FlatForm['schema'] = { type: 'object', properties, ...(required.length && { required }) };
  if (typeof root.title === 'string') schema.title = root.title;
  if (typeof root.description === 'string') schema.description = root.description;
  return { schema, uiSchema, notes };
}

function prepareField(name: string, raw: unknown, notes: SchemaNote[], fileInputs: boolean): { schema: FlatSchema; ui: Record<string, unknown> } | undefined {
  if (!isRecord(raw) || typeof raw.type !== 'string' || !FIELD_TYPES.has(raw.type)) {
    notes.push(note(name, 'type', isRecord(raw) ? raw.type : raw, 'not a string, number, integer, boolean or multi-select field; not shown'));
    return undefined;
  }
  const schema: Record<string, unknown> = { type: raw.type };
  const ui: Record<string, unknown> = {};
  const file = fileInputs ? fileInputOf(raw) : undefined;
  for (const [keyword, value] of Object.entries(raw)) {
    if (file && keyword === FILE_INPUT_KEYWORD) continue;
    if (!HANDLED_KEYWORDS.has(keyword)) notes.push(note(name, keyword, value, 'not part of the flat schema elicitation allows; not followed'));
  }
  for (const keyword of TEXT_KEYWORDS) if (typeof raw[keyword] === 'string') schema[keyword] = raw[keyword];
  if (file) {
    // The picker checks accept and maxSize; `format: uri` only marks the field, and is not run over a data URI (SEP-2356).
    delete schema.format;
    ui['ui:widget'] = 'file';
    ui['ui:options'] = { accept: file.accept, maxSize: file.maxSize };
  }
  for (const keyword of NUMBER_KEYWORDS) if (typeof raw[keyword] === 'number' && Number.isFinite(raw[keyword])) schema[keyword] = raw[keyword];
  if (typeof raw.pattern === 'string') {
    const compiled = compileSafePattern(raw.pattern);
    if (compiled.isEnforced) schema.pattern = raw.pattern;
    else notes.push(note(name, 'pattern', raw.pattern, `not enforced: ${compiled.reason}`));
  }
  const options = primitiveList(raw.enum);
  if (options) {
    schema.enum = options.slice(0, MAX_OPTIONS);
    if (Array.isArray(raw.enumNames) && raw.enumNames.length === options.length && raw.enumNames.every((n) => typeof n === 'string')) {
      ui['ui:enumNames'] = raw.enumNames.slice(0, MAX_OPTIONS);
    }
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const titled = titledOptions(raw[keyword]);
    if (titled) schema[keyword] = titled;
  }
  if (raw.type === 'array') {
    const items = isRecord(raw.items) ? raw.items : {};
    const itemOptions = primitiveList(items.enum);
    const titledItems = titledOptions(items.anyOf) ?? titledOptions(items.oneOf);
    if (!itemOptions && !titledItems) {
      notes.push(note(name, 'items', raw.items, 'only multi-select arrays of options are allowed; not shown'));
      return undefined;
    }
    schema.items = itemOptions ? { type: 'string', enum: itemOptions.slice(0, MAX_OPTIONS) } : { anyOf: titledItems };
    // rjsf renders an array as a multi-select only when its items are unique, which a multi-select is by nature.
    schema.uniqueItems = true;
    ui['ui:widget'] = 'checkboxes';
  }
  if (raw.default !== undefined) {
    if (fitsType(raw.default, raw.type)) schema.default = raw.default;
    else notes.push(note(name, 'default', raw.default, `not a ${raw.type}; not used`));
  }
  if (raw.type === 'string' && typeof raw.maxLength === 'number' && raw.maxLength > 200 && !raw.format) ui['ui:widget'] = 'textarea';
  return { schema: schema, ui };
}

function titledOptions(value: unknown): { const: string | number | boolean; title: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const options = value
    .filter(isRecord)
    .flatMap((o) => (isPrimitive(o.const) ? [{ const: o.const, title: typeof o.title === 'string' ? o.title : String(o.const) }] : []));
  return options.length ? options.slice(0, MAX_OPTIONS) : undefined;
}

function primitiveList(value: unknown): (string | number | boolean)[] | undefined {
  return Array.isArray(value) && value.length > 0 && value.every(isPrimitive) ? value : undefined;
}

function fitsType(value: unknown, type: string): boolean {
  if (type === 'array') return Array.isArray(value) && value.every(isPrimitive);
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}

function note(path: string, keyword: string, value: unknown, why: string): SchemaNote {
  let raw: string;
  try {
    raw = JSON.stringify(value) ?? String(value);
  } catch {
    // A value JSON cannot write (it came through JSON, so only in theory): its type is enough to show.
    raw = typeof value;
  }
  return { path, keyword, raw: raw.length > RAW_CHARS ? `${raw.slice(0, RAW_CHARS)}…` : raw, why };
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

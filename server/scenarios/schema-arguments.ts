/**
 * Arguments that fit a tool's inputSchema, for a headless client that calls a
 * tool nobody wrote arguments for (conformance-client). Empty arguments fail
 * any tool with a required property; this fills each required property with
 * its default, its const, its first enum value, or the smallest value of its
 * type that meets the schema's bounds. Optional properties are left out.
 * The schema is server data: anything it does not say is answered with `{}`.
 */

type Schema = Record<string, unknown>;

/** Nested objects deeper than this get `{}`: a schema may be deep or refer to itself. */
const MAX_DEPTH = 8;

export function argumentsFor(inputSchema: unknown): Record<string, unknown> {
  const value = valueFor(inputSchema, 0);
  return isRecord(value) ? value : {};
}

function valueFor(schema: unknown, depth: number): unknown {
  if (!isRecord(schema)) return {};
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const choice = firstOf(schema.anyOf) ?? firstOf(schema.oneOf);
  if (choice) return valueFor(choice, depth);
  switch (firstType(schema.type)) {
    case 'string':
      return 'x'.repeat(bound(schema.minLength, 0));
    case 'integer':
      return Math.ceil(numberFor(schema));
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.min(bound(schema.minItems, 0), 100) }, () => valueFor(schema.items, depth + 1));
    default:
      return objectFor(schema, depth);
  }
}

function objectFor(schema: Schema, depth: number): Record<string, unknown> {
  if (depth >= MAX_DEPTH || !isRecord(schema.properties) || !Array.isArray(schema.required)) return {};
  const properties = schema.properties;
  const out: Record<string, unknown> = {};
  for (const name of schema.required) {
    if (typeof name === 'string') out[name] = valueFor(properties[name], depth + 1);
  }
  return out;
}

/** 0, or the nearest value the bounds allow. */
function numberFor(schema: Schema): number {
  const low = bound(schema.minimum, bound(schema.exclusiveMinimum, -1) + 1);
  return Math.min(Math.max(low, 0), bound(schema.maximum, Infinity), bound(schema.exclusiveMaximum, Infinity) - 1);
}

function firstOf(list: unknown): Schema | undefined {
  return Array.isArray(list) ? list.find(isRecord) : undefined;
}

function firstType(type: unknown): unknown {
  return Array.isArray(type) ? (type.find((t) => t !== 'null') ?? type[0]) : type;
}

function bound(value: unknown, otherwise: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : otherwise;
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turn an MCP `requestedSchema` into what react-jsonschema-form renders well,
 * without changing what is valid: legacy `enumNames` become option labels,
 * multi-select arrays become checkbox groups.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

export type PreparedForm = { schema: RJSFSchema; uiSchema: UiSchema };

export function prepareForm(requestedSchema: unknown): PreparedForm {
  const source = (typeof requestedSchema === 'object' && requestedSchema !== null ? requestedSchema : {}) as Record<string, unknown>;
  // The subset the spec allows reads the same in draft-07 and 2020-12; the form validates as draft-07.
  const { $schema: _dialect, ...root } = structuredClone(source);
  const properties = (typeof root.properties === 'object' && root.properties !== null ? root.properties : {}) as Record<string, Record<string, unknown>>;
  const uiSchema: UiSchema = {};
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property !== 'object' || property === null) continue;
    const ui: Record<string, unknown> = {};
    if (Array.isArray(property.enum) && Array.isArray(property.enumNames) && property.enumNames.length === property.enum.length) {
      ui['ui:enumNames'] = property.enumNames;
    }
    if (property.type === 'array' && isEnumItems(property.items)) {
      // rjsf renders an array as a multi-select only when its items are unique, which a multi-select is by nature.
      property.uniqueItems = true;
      ui['ui:widget'] = 'checkboxes';
    }
    if (property.type === 'string' && typeof property.maxLength === 'number' && property.maxLength > 200 && !property.format) {
      ui['ui:widget'] = 'textarea';
    }
    if (Object.keys(ui).length) uiSchema[name] = ui;
  }
  return { schema: { ...root, type: root.type ?? 'object', properties } as unknown as RJSFSchema, uiSchema };
}

function isEnumItems(items: unknown): boolean {
  if (typeof items !== 'object' || items === null) return false;
  const i = items as Record<string, unknown>;
  return Array.isArray(i.enum) || Array.isArray(i.anyOf) || Array.isArray(i.oneOf);
}

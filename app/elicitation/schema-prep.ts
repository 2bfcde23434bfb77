/**
 * The form's view of a server's `requestedSchema`: the flat subset as the wire
 * reads it (server/wire/flat-schema.ts, shared with the audit), typed for
 * react-jsonschema-form.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { prepareFlatSchema, type SchemaNote } from '@wire/flat-schema';

export type { SchemaNote } from '@wire/flat-schema';
export type PreparedForm = { schema: RJSFSchema; uiSchema: UiSchema; notes: SchemaNote[] };

/** `fileInputs`: the File inputs setting (SEP-2356) is on, so `x-mcp-file` fields are file pickers. */
export function prepareForm(requestedSchema: unknown, options: { fileInputs?: boolean } = {}): PreparedForm {
  return prepareFlatSchema(requestedSchema, options);
}

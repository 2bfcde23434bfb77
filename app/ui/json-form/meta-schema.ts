import type { Ajv } from 'ajv';
import { validate as validateDraft07 } from 'virtual:json-schema-meta-validator';

/** What a schema's `$schema` may say to name draft-07 (ajv's own meta-schema and its alias). */
const DRAFT_07_NAMES = new Set(['http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/schema']);

/**
 * Have `ajv` check schemas against the draft-07 meta-schema with the validator ajv generated when the page
 * was built (scripts/meta-schema-plugin.ts), as its own `validateSchema` does: the same verdict, `ajv.errors`
 * and message. ajv checks each schema against the meta-schema before compiling it, and its own check first
 * compiled the meta-schema's validator, in every page: 20-40 ms of the main thread, paid by the forms'
 * warm-up, or by the first form when that had not run. A schema that names another meta-schema gets ajv's own check.
 */
export function checkWithBuiltMetaSchema(ajv: Ajv): void {
  const ownCheck = ajv.validateSchema.bind(ajv);
  ajv.validateSchema = (schema, throwOrLogError) => {
    if (typeof schema !== 'object' || schema === null) return ownCheck(schema, throwOrLogError);
    const named: unknown = schema.$schema ?? ajv.opts.defaultMeta ?? 'http://json-schema.org/draft-07/schema';
    if (typeof named !== 'string' || !DRAFT_07_NAMES.has(named)) return ownCheck(schema, throwOrLogError);
    const isValid = validateDraft07(schema);
    ajv.errors = validateDraft07.errors;
    if (!isValid && throwOrLogError) {
      const message = `schema is invalid: ${ajv.errorsText()}`;
      if (ajv.opts.validateSchema === 'log') ajv.logger.error(message);
      else throw new Error(message);
    }
    return isValid;
  };
}

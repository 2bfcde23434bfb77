import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { safeRegExp } from '../wire/safe-pattern';

// ajv-formats is CommonJS; under ESM its default import is the module object on some loaders.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export type ContentProblem = { path: string; message: string };

let draft7: Ajv | undefined;
let draft2020: Ajv2020 | undefined;
/** Compiled validators by schema text: servers send the same schema again and again, as new objects. */
const cache = new Map<string, ValidateFunction>();
const CACHE_LIMIT = 200;
// addUsedSchema off: a server's schemas must not register their $ids for the whole process (a second one with the same $id would not compile).
// Patterns run on RE2: with the platform's engine `^(a+)+$` held the event loop, and every session, for 34 s on 31 characters.
const OPTIONS = { strict: false, allErrors: true, validateSchema: false, addUsedSchema: false, code: { regExp: safeRegExp } } as const;

/**
 * Checks accepted elicitation content against the server's `requestedSchema`, the
 * way the server's own SDK will (ajv with formats). Returns the problems, or an
 * empty list. A schema ajv cannot compile is reported as one problem, not thrown.
 */
export function validateContent(schema: Record<string, unknown>, content: unknown): ContentProblem[] {
  const text = JSON.stringify(schema);
  let validate = cache.get(text);
  if (!validate) {
    const ajv =
      typeof schema.$schema === 'string' && schema.$schema.includes('2020-12')
        ? (draft2020 ??= addFormats(new Ajv2020(OPTIONS)))
        : (draft7 ??= addFormats(new Ajv(OPTIONS)));
    const { $schema: _ignored, ...rest } = schema;
    try {
      validate = ajv.compile(rest);
    } catch (error) {
      return [{ path: '', message: `the requested schema does not compile: ${(error as Error).message}` }];
    } finally {
      // Our cache holds the validator; ajv's own (keyed by schema object) would only grow.
      ajv.removeSchema(rest);
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(text, validate);
  }
  if (validate(content)) return [];
  return (validate.errors ?? []).map(describe);
}

function describe(error: ErrorObject): ContentProblem {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { path: missing, message: 'is required' };
  }
  return { path, message: error.message ?? error.keyword };
}

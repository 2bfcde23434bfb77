import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under ESM its default import is the module object on some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export type ContentProblem = { path: string; message: string };

let draft7: Ajv | undefined;
let draft2020: Ajv2020 | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/**
 * Checks accepted elicitation content against the server's `requestedSchema`, the
 * way the server's own SDK will (ajv with formats). Returns the problems, or an
 * empty list. A schema ajv cannot compile is reported as one problem, not thrown.
 */
export function validateContent(schema: Record<string, unknown>, content: unknown): ContentProblem[] {
  let validate = cache.get(schema);
  if (!validate) {
    const ajv =
      typeof schema.$schema === 'string' && schema.$schema.includes('2020-12')
        ? (draft2020 ??= addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false })))
        : (draft7 ??= addFormats(new Ajv({ strict: false, allErrors: true, validateSchema: false })));
    try {
      const { $schema: _ignored, ...rest } = schema;
      validate = ajv.compile(rest);
    } catch (error) {
      return [{ path: '', message: `the requested schema does not compile: ${(error as Error).message}` }];
    }
    cache.set(schema, validate);
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

/**
 * A Vite plugin serving `virtual:json-schema-meta-validator`: ajv's validator for the JSON Schema
 * draft-07 meta-schema, as the code ajv generates for it (its standalone code), made when the page
 * is built. ajv checks every schema against that meta-schema before compiling it; the page used to
 * build the meta-schema's validator at run time, on every page load (app/ui/json-form/meta-schema.ts).
 */
import type { Plugin } from 'vite';

const META_VALIDATOR_MODULE = 'virtual:json-schema-meta-validator';
const RESOLVED_ID = `\0${META_VALIDATOR_MODULE}`;
const DRAFT_07 = 'http://json-schema.org/draft-07/schema';

/**
 * The module's code: `export const validate`, the meta-schema's validator. rjsf and ajv are loaded here, not
 * with the config: every Vite and Vitest run reads the config, few build the forms.
 */
export async function metaValidatorCode(): Promise<string> {
  const [{ customizeValidator }, { default: standaloneCode }] = await Promise.all([import('@rjsf/validator-ajv8'), import('ajv/dist/standalone/index.js')]);
  // rjsf's ajv and options, as the page's validator has them (app/ui/json-form/json-form.tsx). The page's
  // code.regExp (RE2) is left out: the meta-schema has no `pattern`, so the code is the same without it.
  const { ajv } = customizeValidator({ ajvOptionsOverrides: { strict: false, code: { source: true, esm: true } } });
  const validate = ajv.getSchema(DRAFT_07);
  if (!validate) throw new Error(`ajv has no ${DRAFT_07} meta-schema`);
  // Even as an ES module, the code requires ajv's runtime functions (deep equality, for uniqueItems). Each is
  // imported instead, its function taken whether the bundler or Node hands over the CommonJS module's
  // exports (`{ default: fn }`) or its default export (the function).
  const imports: string[] = [];
  const code = standaloneCode(ajv, validate).replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    const name = `runtime${imports.length}`;
    const file = specifier.endsWith('.js') ? specifier : `${specifier}.js`;
    imports.push(`import ${name}Module from ${JSON.stringify(file)};\nconst ${name} = { default: ${name}Module.default ?? ${name}Module };`);
    return name;
  });
  return `${imports.join('\n')}\n${code}`;
}

export function metaSchemaValidator(): Plugin {
  let code: Promise<string> | undefined;
  return {
    name: 'json-schema-meta-validator',
    resolveId: (id) => (id === META_VALIDATOR_MODULE ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? (code ??= metaValidatorCode()) : undefined),
  };
}

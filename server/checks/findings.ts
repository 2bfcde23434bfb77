/**
 * What the inspector knows about the spec, applied to what a server sends.
 * Each check returns findings; the session writes them to the log next to the
 * message they are about.
 */
import { appResourceOf, FILE_INPUT_KEYWORD, fileInputOf, ignoredAcceptEntries } from '../wire/proposals';
import { compileSafePattern } from '../wire/safe-pattern';
import { findingOf, type RaisedFinding } from '../wire/finding-codes';
import { analyzeUrl } from '../wire/url-checks';

export type { RaisedFinding };
export { checkHostAnswer, checkRequestStateEcho, hostGaveUpFinding, HUMAN_URL_ACCEPT_MS, type HostAnswer } from './host-findings';

export type ElicitationContext = {
  /** Negotiated protocol version, e.g. '2025-06-18'. */
  protocolVersion: string;
  declared: { form: boolean; url: boolean };
  /** SEP-2356 (the File inputs setting): `x-mcp-file` is a keyword the client knows. */
  fileInputs?: boolean;
  /** SEP-3118 (the App-rendered elicitation setting, with form mode): the client declared MCP Apps elicitation. */
  appElicitation?: boolean;
};

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const SECRET_WORDS =
  /\b(pass(word|phrase|code)?|pwd|secret|api[\s_-]?key|access[\s_-]?key|token|private[\s_-]?key|credit[\s_-]?card|card[\s_-]?number|cvv|cvc|ssn|social[\s_-]?security|pin)\b/i;

/** Findings for one `elicitation/create` params object (pushed, embedded in `input_required`, or in a -32042 error). */
export function checkElicitationParams(params: Record<string, unknown>, ctx: ElicitationContext): RaisedFinding[] {
  const findings: RaisedFinding[] = [];
  const mode = params.mode === 'url' ? 'url' : 'form';
  const is0618 = ctx.protocolVersion === '2025-06-18';

  if (typeof params.message !== 'string') {
    findings.push(findingOf('missing-message', 'The request has no `message` string; the spec requires one.'));
  }
  if (params.mode !== undefined && params.mode !== 'form' && params.mode !== 'url') {
    findings.push(findingOf('unknown-mode', `Unknown elicitation mode ${JSON.stringify(params.mode)}; the spec defines "form" and "url".`));
  }
  if (mode === 'url') {
    if (is0618) {
      findings.push(findingOf('url-mode-on-2025-06-18', 'URL-mode elicitation was sent on a 2025-06-18 connection; URL mode exists from 2025-11-25.'));
    } else if (!ctx.declared.url) {
      findings.push(findingOf('url-mode-undeclared', 'URL-mode elicitation was sent, but this client did not declare `elicitation.url`.'));
    }
    if (ctx.protocolVersion === '2025-11-25' && typeof params.elicitationId !== 'string') {
      findings.push(
        findingOf('url-missing-elicitation-id', 'A 2025-11-25 URL elicitation needs an `elicitationId`; without one its completion can never be matched.'),
      );
    }
    if (typeof params.url !== 'string') {
      findings.push(findingOf('url-missing', 'URL mode without a `url` string.'));
    } else {
      for (const problem of analyzeUrl(params.url).problems) {
        if (problem.level !== 'info') findings.push(findingOf(problem.code, problem.message));
      }
    }
  } else {
    if (!ctx.declared.form) {
      findings.push(findingOf('form-mode-undeclared', 'Form-mode elicitation was sent, but this client did not declare form mode.'));
    }
    if (is0618 && params.mode === 'form') {
      findings.push(findingOf('mode-field-on-2025-06-18', 'The `mode` field is a 2025-11-25 addition; a 2025-06-18 client does not expect it.'));
    }
    findings.push(...checkRequestedSchema(params.requestedSchema, is0618, ctx.fileInputs));
  }
  findings.push(...checkAppResource(params, mode, ctx.appElicitation === true));
  return findings;
}

/** SEP-3118: an app offered for a request, where the proposal allows one (a form request, to a client that declared it). */
export function checkAppResource(params: Record<string, unknown>, mode: 'form' | 'url', isDeclared: boolean): RaisedFinding[] {
  const resource = appResourceOf(params);
  if ('absent' in resource) return [];
  if (!isDeclared) {
    return [
      findingOf(
        'app-elicitation-undeclared',
        'The request names an app (_meta.ui.resourceUri), but this client did not declare MCP Apps elicitation (extensions["io.modelcontextprotocol/ui"].elicitation); a server must send the plain form then (SEP-3118).',
      ),
    ];
  }
  if (mode === 'url') {
    return [findingOf('app-on-url-mode', 'A URL-mode request names an app; only form requests can be app-rendered (SEP-3118).')];
  }
  if ('invalid' in resource) {
    return [findingOf('app-resource-uri-invalid', `${resource.invalid}; the request is shown as the plain form.`)];
  }
  return [];
}

/** The flat, primitive-only subset the spec allows for `requestedSchema`. */
export function checkRequestedSchema(schema: unknown, is0618 = false, fileInputs = false): RaisedFinding[] {
  if (!isObject(schema)) {
    return [findingOf('schema-missing', 'Form mode needs a `requestedSchema` object.')];
  }
  const findings: RaisedFinding[] = [...checkKeywords(schema, ROOT_KEYWORDS, '')];
  if (schema.type !== 'object') {
    findings.push(findingOf('schema-root-not-object', 'The root of `requestedSchema` must be `type: "object"`.'));
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const newer: string[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    const type = raw.type;
    const where = `\`${name}\``;
    findings.push(...(fileInputs && FILE_INPUT_KEYWORD in raw ? checkFileInput(raw, name) : checkKeywords(raw, FIELD_KEYWORDS, name)));
    if (type === 'object' || isObject(raw.properties)) {
      findings.push(findingOf('schema-nested-object', `Field ${where} is an object; elicitation schemas must be flat (primitive fields only).`));
      continue;
    }
    if (type === 'array') {
      const items = isObject(raw.items) ? raw.items : undefined;
      const isEnumArray = items && (Array.isArray(items.enum) || Array.isArray(items.anyOf) || Array.isArray(items.oneOf));
      if (!isEnumArray) {
        findings.push(findingOf('schema-array-not-enum', `Field ${where} is an array of free values; only multi-select arrays of enum strings are allowed.`));
        continue;
      }
      newer.push(`${where} (multi-select array)`);
    } else if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type)) {
      findings.push(
        findingOf(
          'schema-unsupported-type',
          `Field ${where} has type ${JSON.stringify(type)}; allowed are string, number, integer, boolean and multi-select arrays.`,
        ),
      );
      continue;
    }
    if (raw.default !== undefined && type !== 'boolean') newer.push(`${where} (default on a non-boolean field)`);
    if (Array.isArray(raw.oneOf) || Array.isArray(raw.anyOf)) newer.push(`${where} (titled oneOf enum)`);
    if (Array.isArray(raw.enumNames)) {
      findings.push(
        findingOf(
          'schema-enum-names-deprecated',
          `Field ${where} uses \`enumNames\`, kept only for compatibility; 2025-11-25 prefers \`oneOf\` with \`const\`/\`title\`.`,
        ),
      );
    }
    const text = [name, raw.title, raw.description].filter((v) => typeof v === 'string').join(' ');
    if (type === 'string' && SECRET_WORDS.test(text.replace(/([a-z])([A-Z])/g, '$1 $2'))) {
      findings.push(
        findingOf(
          'form-asks-for-secret',
          `Field ${where} looks like it asks for a secret; the spec says servers must not request sensitive information in form mode and should use URL mode.`,
        ),
      );
    }
  }
  if (is0618 && newer.length) {
    findings.push(findingOf('schema-newer-than-protocol', `2025-11-25 features on a 2025-06-18 connection: ${newer.join(', ')}.`));
  }
  return findings;
}

const ROOT_KEYWORDS = new Set(['type', 'properties', 'required', 'title', 'description', '$schema']);
const FIELD_KEYWORDS = new Set([
  ...['type', 'title', 'description', 'default', 'minLength', 'maxLength', 'format', 'minimum', 'maximum'],
  ...['enum', 'enumNames', 'oneOf', 'anyOf', 'items', 'minItems', 'maxItems'],
  // Judged by the checks above (nested objects), not as a stray keyword.
  'properties',
]);

/**
 * Keywords outside the spec's flat subset, one finding code per kind. The inspector
 * never follows them: the form leaves them out and shows them raw. A `pattern` is
 * run, but on a linear-time engine, and only where that engine can express it.
 */
function checkKeywords(schema: Record<string, unknown>, allowed: Set<string>, field: string): RaisedFinding[] {
  const findings: RaisedFinding[] = [];
  const where = field ? `Field \`${field}\`` : 'The schema root';
  for (const [keyword, value] of Object.entries(schema)) {
    if (allowed.has(keyword)) continue;
    if (keyword === '$ref') {
      findings.push(
        findingOf(
          'schema-ref',
          `${where} has \`$ref\` ${JSON.stringify(value)?.slice(0, 120)}; elicitation schemas are flat and the inspector does not follow references.`,
        ),
      );
    } else if (keyword === '$defs' || keyword === 'definitions') {
      findings.push(findingOf('schema-definitions', `${where} has \`${keyword}\`; elicitation schemas are flat, with no definitions to refer to.`));
    } else if (keyword === 'pattern' && typeof value === 'string') {
      const compiled = compileSafePattern(value);
      findings.push(
        compiled.isEnforced
          ? findingOf(
              'schema-pattern',
              `${where} has \`pattern\`, which the spec's subset does not include; the inspector checks it with a linear-time engine.`,
            )
          : findingOf(
              'schema-pattern-not-enforced',
              `${where} has \`pattern\` ${JSON.stringify(value.slice(0, 120))}, which is not enforced: ${compiled.reason}.`,
            ),
      );
    } else {
      findings.push(
        findingOf('schema-unknown-keyword', `${where} has \`${keyword}\`, which the spec's flat subset does not include; the form does not use it.`),
      );
    }
  }
  return findings;
}

/** SEP-2356: a field's `x-mcp-file` is a file picker only on a well-formed `string`/`format: uri` field; else it is an ordinary field. */
function checkFileInput(field: Record<string, unknown>, name: string): RaisedFinding[] {
  const { [FILE_INPUT_KEYWORD]: _descriptor, ...rest } = field;
  const findings = checkKeywords(rest, FIELD_KEYWORDS, name);
  const input = fileInputOf(field);
  if (!input) {
    findings.push(
      findingOf(
        'file-input-misplaced',
        `Field \`${name}\` has \`${FILE_INPUT_KEYWORD}\`, but the proposal allows it only as {accept?: string[], maxSize?: integer} on a \`type: "string", format: "uri"\` field; it is shown as an ordinary field.`,
      ),
    );
  }
  const ignored = input && ignoredAcceptEntries(input, name);
  if (ignored) findings.push(findingOf('file-input-accept-ignored', ignored));
  return findings;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A stdio server's stdout line that is not a JSON-RPC message: the same finding whether the inspector
 * drives the server or a tapped host does.
 */
export function stdoutNotJson(): RaisedFinding {
  return findingOf(
    'stdout-not-json',
    'The server wrote a line that is not a JSON-RPC message on stdout, which on stdio carries only JSON-RPC messages; a client drops it (the SDK does) or fails. Write logs to stderr.',
  );
}

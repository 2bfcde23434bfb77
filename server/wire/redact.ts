/**
 * Keeping secrets out of the log. Two rules, applied where every entry passes
 * (the session log's append and its serializer):
 *
 * 1. Shape: URLs lose their userinfo and the values of secret-looking query and
 *    fragment parameters, secret-looking headers lose their values, and so do the
 *    credential fields of HTTP bodies, in the
 *    fields where the inspector itself records URLs, headers and bodies (HTTP exchanges,
 *    the target summary, the proxy's and the SDK's error messages).
 * 2. Value: the exact secrets of the session's own target (a query value, a
 *    password, an Authorization header, a secret env value or argument) are
 *    replaced wherever they appear, in any entry, also in what the server says
 *    (a server that echoes the key it was given).
 *
 * What a server sends is otherwise kept as sent: a URL in an elicitation or in
 * a stdio server's stderr is the server's own text and the person may need it.
 */
export const REDACTED = '[redacted]';

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key)$/i;
const SECRET_NAME = /(token|secret|passw|api[-_]?key|auth|credential|cookie|private|signature|jwt|bearer)|^(key|sig|code)$/i;
/** Challenges, not credentials: what a 401 or 403 asks for is what a person debugging OAuth reads first. */
const CHALLENGE_HEADER = /^(www-authenticate|proxy-authenticate)$/i;
/**
 * A field of a request or response body that holds a credential: OAuth's tokens,
 * codes, verifiers, assertions and client secrets, passwords and keys. Narrower than
 * SECRET_NAME, which would hide `token_endpoint` or `authorization_servers` in metadata.
 */
const SECRET_FIELD = /(^|_)(token|secret|password|passwd|verifier|assertion|code|key|apikey|credential|cookie)s?$/i;
/** A JSON string member, `"name": "value"`, matched in whole or cut JSON alike. */
const JSON_STRING_MEMBER = /"((?:[^"\\]|\\.){1,200})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const FORM_BODY = /^[\w.~%+-]+=[^\s]*$/;
/** Headers whose value is a URL (or a list of them), possibly relative. */
const URL_HEADER = /^(location|content-location|link|referer|refresh)$/i;
/** `scheme://…` or `//…` up to the last `@` of the authority (a password may hold a raw `@`). */
const USERINFO = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)[^/?#\\\s]*@/i;
/**
 * A URL inside prose; trailing punctuation belongs to the sentence. The scheme's
 * length is bounded: unbounded, a server's 100 kB `a.a.a…` in an error message
 * costs a scan from every dot (41 s measured), with the bound it is linear.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`]*[^\s"'<>`.,:;)\]]/gi;
const URL_START = /^[a-z][a-z0-9+.-]*:\/\//i;
const PAIR = /(^|[?&])([^=&?#]+)=([^&#]*)/g;
/** Shorter values are not hunted in free text: they would match ordinary words and corrupt entries. */
export const MIN_SCRUBBED_CHARS = 6;

/** A name (query parameter, env variable, argument, header) that usually holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.replace(/^-+/, ''));
}

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name) || (!CHALLENGE_HEADER.test(name) && isSecretName(name));
}

/**
 * An HTTP body as the log keeps it: the values of credential fields (JSON string
 * members, or form fields) replaced, and URLs in it redacted. Works on bodies cut
 * short too; never throws.
 */
export function redactBody(body: string): string {
  const text = body.trimStart();
  let out = body;
  if (text.startsWith('{') || text.startsWith('[')) {
    out = body.replace(JSON_STRING_MEMBER, (member, name: string, colon: string) => (SECRET_FIELD.test(name) ? `"${name}"${colon}"${REDACTED}"` : member));
  } else if (FORM_BODY.test(text)) {
    out = body.replace(PAIR, (pair, separator: string, name: string) => {
      const decoded = decodeComponent(name);
      return SECRET_FIELD.test(decoded) || isSecretName(decoded) ? `${separator}${name}=${REDACTED}` : pair;
    });
  }
  return redactUrlsInText(out);
}

/**
 * A URL with its userinfo and the values of secret-looking query and fragment
 * parameters replaced. Works on relative and malformed URLs too; never throws.
 */
export function redactUrl(url: string): string {
  const withoutUserinfo = url.replace(USERINFO, `$1${REDACTED}@`);
  const { path, query, fragment } = splitUrl(withoutUserinfo);
  // A fragment can carry parameters too: OAuth's implicit flow puts `access_token=` there.
  return path + redactPairs(query) + (fragment && `#${redactPairs(fragment.slice(1))}`);
}

/** What redactUrl hides, as written and decoded: the userinfo and its password, and each secret-looking parameter's value. */
export function urlSecretValues(url: string): string[] {
  const values: string[] = [];
  const authority = USERINFO.exec(url);
  if (authority) {
    const userinfo = authority[0].slice((authority[1] ?? '').length, -1);
    const password = userinfo.slice(userinfo.indexOf(':') + 1);
    values.push(userinfo, password, decodeComponent(userinfo), decodeComponent(password));
  }
  const { query, fragment } = splitUrl(url);
  for (const section of [query, fragment.slice(1)]) {
    for (const [, , name = '', value = ''] of section.matchAll(PAIR)) if (isSecretName(decodeComponent(name))) values.push(value, decodeComponent(value));
  }
  return values;
}

/** Path (everything before `?` or `#`), query (with its `?`) and fragment (with its `#`). */
function splitUrl(url: string): { path: string; query: string; fragment: string } {
  const hashAt = url.indexOf('#');
  const queryAt = url.indexOf('?');
  const hasQuery = queryAt !== -1 && (hashAt === -1 || queryAt < hashAt);
  const endOfPath = hasQuery ? queryAt : hashAt === -1 ? url.length : hashAt;
  return {
    path: url.slice(0, endOfPath),
    query: hasQuery ? url.slice(queryAt, hashAt === -1 ? undefined : hashAt) : '',
    fragment: hashAt === -1 ? '' : url.slice(hashAt),
  };
}

function redactPairs(text: string): string {
  return text.replace(PAIR, (pair, separator: string, name: string) => (isSecretName(decodeComponent(name)) ? `${separator}${name}=${REDACTED}` : pair));
}

/** Every `scheme://…` URL inside a sentence, redacted (error messages quote the URLs they failed on). */
export function redactUrlsInText(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, redactUrl) : text;
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (isSecretHeader(name)) out[name] = REDACTED;
    else if (value.includes('://')) out[name] = redactUrlsInText(value);
    else out[name] = URL_HEADER.test(name) ? redactUrl(value) : value;
  }
  return out;
}

/** `--api-key=…`, `token=…`: the value of an argument whose name looks secret; the argument after a bare `--api-key`; URLs. */
export function redactArgs(args: string[]): string[] {
  return args.map((arg, i) => {
    // `npx mcp-remote https://host/mcp?api_key=…`: a URL argument is a URL like any other.
    if (URL_START.test(arg)) return redactUrl(arg);
    const eq = arg.indexOf('=');
    if (eq > 0 && isSecretName(arg.slice(0, eq))) return `${arg.slice(0, eq + 1)}${REDACTED}`;
    const previous = args[i - 1];
    if (previous?.startsWith('-') && !previous.includes('=') && isSecretName(previous) && !arg.startsWith('-')) return REDACTED;
    return arg.includes('://') ? redactUrlsInText(arg) : arg;
  });
}

export function redactEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) out[name] = isSecretName(name) ? REDACTED : value;
  return out;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A stray `%`: the text as written is the best name there is.
    return text;
  }
}

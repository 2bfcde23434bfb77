/**
 * Protocol proposals the inspector can speak before they are final, each behind a
 * client setting that is off by default, so a default connection is exactly the
 * released revision. The page's setting, the proxy's behaviour and the findings
 * all read these schemas. docs/proposals.md says what each one does.
 */
import { z } from 'zod';

/** The longest Language setting taken: a preference lists a few ranges, far below any server's header limit. */
export const MAX_ACCEPT_LANGUAGE_CHARS = 500;

/** The client settings, one per proposal. */
export const ProposalSettingsSchema = z.object({
  /**
   * SEP-2577 (in 2026-07-28): a warning finding each time a server uses roots,
   * sampling or logging on 2026-07-28 or later, naming the earliest removal.
   */
  deprecationNotes: z.boolean().default(false),
  /**
   * SEP-2643: declare `io.modelcontextprotocol/structured-authorization-denials`,
   * show a URL elicitation that remedies an authorization denial as an
   * authorization step, and echo the denial's `authorizationContextId` on the retry.
   */
  authorizationDenials: z.boolean().default(false),
  /**
   * SEP-2356: a `string`/`format: uri` property with `x-mcp-file` is a file picker
   * that sends an RFC 2397 data URI, checked against `accept` and `maxSize` in the page and the proxy.
   */
  fileInputs: z.boolean().default(false),
  /**
   * SEP-2356 says a host MUST redact file inputs' data: URIs in its logs, so by
   * default the session log records each data: URI the client sends as its media
   * type, size and SHA-256. On (`--keep-file-bytes`): the log keeps the bytes, for
   * whoever must replay or inspect the very file.
   */
  keepFileBytes: z.boolean().default(false),
  /**
   * SEP-3118 (MCP Apps, `io.modelcontextprotocol/ui`): declare app-rendered form
   * elicitation, and render the app a form request names in `_meta.ui.resourceUri`
   * in a sandboxed frame beside the native form, its answer checked like a person's.
   */
  appElicitation: z.boolean().default(false),
  /**
   * SEP-2792: the person's language preference as an `Accept-Language` value
   * (RFC 9110: `fr`, `de-CH`, or weighted ranges such as `fr-CA,fr;q=0.9,en;q=0.5`),
   * sent on every request as `params._meta[acceptLanguage]` and, over HTTP, as the
   * same characters in one `Accept-Language` field. Empty: nothing is sent.
   */
  language: z
    .string()
    .trim()
    .max(MAX_ACCEPT_LANGUAGE_CHARS, { message: `must be at most ${MAX_ACCEPT_LANGUAGE_CHARS} characters` })
    .superRefine((value, ctx) => {
      const problem = value === '' ? undefined : acceptLanguageProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be an Accept-Language value (RFC 9110) such as fr-CA,fr;q=0.9,en;q=0.5: ${problem}` });
    })
    .default(''),
});
export type ProposalSettings = z.infer<typeof ProposalSettingsSchema>;

/** SEP-2577: the revision that deprecates roots, sampling and logging, and the first date a later revision may drop them. */
export const DEPRECATED_FROM = '2026-07-28';
export const EARLIEST_REMOVAL = 'the first revision released on or after 2027-07-28';

/** SEP-2643's extension identifier, declared under `capabilities.extensions` when the setting is on. */
export const AUTHORIZATION_DENIALS_EXTENSION = 'io.modelcontextprotocol/structured-authorization-denials';
/** Where a result carries the denial envelope (`_meta`), and where the retry echoes its handle (`params._meta`). */
export const AUTHORIZATION_META_KEY = 'io.modelcontextprotocol/authorization';
export const AUTHORIZATION_CONTEXT_ID_META_KEY = 'io.modelcontextprotocol/authorization-context-id';

/** One remediation hint: a `type` and whatever members that type defines (unknown types are kept and ignored). */
export const RemediationHintSchema = z.looseObject({ type: z.string().min(1).max(200) });

/** SEP-2643's authorization denial envelope, as a result's `_meta` carries it. */
export const AuthorizationDenialSchema = z.object({
  reason: z.string().min(1).max(200),
  remediation: z.enum(['available', 'unavailable', 'undisclosed']),
  authorizationContextId: z.string().max(1000).optional(),
  remediationHints: z.array(RemediationHintSchema).max(50).optional(),
});
export type AuthorizationDenial = z.infer<typeof AuthorizationDenialSchema>;

/** What each `remediation` value tells a client, in the proposal's words (its MUST NOTs included). */
export const REMEDIATION_TEXT: Record<AuthorizationDenial['remediation'], string> = {
  available: 'a remedy exists, and the client may pursue it',
  unavailable: 'no remedy exists: do not retry the call unchanged, and do not sign in again for it',
  undisclosed: 'the server does not say what would remedy it: do not retry the call unchanged, and do not take the denial as final',
};

/** What each hint type the proposal defines asks of the client; other types are listed as the server sent them, and ignored. */
export const REMEDIATION_HINT_TEXT: Record<string, string> = {
  url: 'visit the URL below, then retry',
  task: 'wait for a decision made elsewhere (a task)',
  authorization_remediation: 'obtain a new credential for the listed authorization details',
};

/** SEP-2792: where a request carries the person's language (`Accept-Language` syntax) and a result the language used. */
export const ACCEPT_LANGUAGE_META_KEY = 'io.modelcontextprotocol/acceptLanguage';
export const CONTENT_LANGUAGE_META_KEY = 'io.modelcontextprotocol/contentLanguage';

/** RFC 4647 §2.1 language-range: `*`, or 1-8 letters then `-` subtags of 1-8 letters or digits. */
const LANGUAGE_RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;
/** RFC 9110 §12.4.2 weight, after the range: OWS ";" OWS "q=" qvalue, qvalue from 0 to 1 with at most three decimals. */
const WEIGHT = /^[ \t]*;[ \t]*[qQ]=(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * What is wrong with an `Accept-Language` field value (RFC 9110 §12.5.4: a list of
 * language ranges, each with an optional weight, `*` the wildcard), undefined when
 * nothing is. SEP-2792 makes the request's `acceptLanguage` follow that grammar. A
 * sender generates no empty list element, and the value has no space around it
 * (a field value never does), so neither is taken.
 */
export function acceptLanguageProblem(value: string): string | undefined {
  if (value === '') return 'it is empty';
  if (/^[ \t]|[ \t]$/.test(value)) return 'it starts or ends with a space';
  const elements = value.split(',');
  for (const [index, raw] of elements.entries()) {
    const element = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    const entry = elements.length > 1 ? `entry ${index + 1} of ${elements.length}` : '';
    if (element === '') return `${entry || 'it'} is empty (two commas in a row, or one at an end)`;
    const semicolon = element.indexOf(';');
    const range = (semicolon < 0 ? element : element.slice(0, semicolon)).replace(/[ \t]+$/, '');
    const weight = semicolon < 0 ? '' : element.slice(semicolon);
    const named = (text: string) => (entry ? `${entry}, ${JSON.stringify(text.slice(0, 40))},` : JSON.stringify(text.slice(0, 40)));
    if (!LANGUAGE_RANGE.test(range))
      return `${named(range)} is not a language range: * or a tag such as fr or de-CH (letters, then subtags of letters or digits, each 1 to 8 long, joined by -)`;
    if (weight !== '' && !WEIGHT.test(weight))
      return `${named(element)} has a weight that is not ;q= with a number from 0 to 1 of at most three decimals (q=0.9)`;
  }
  return undefined;
}

/** SEP-2356's keyword on a form property. */
export const FILE_INPUT_KEYWORD = 'x-mcp-file';

/** `x-mcp-file`: media types (`image/png`, `image/*`) and `.ext` picker hints, and the largest decoded size in bytes. */
export const FileInputSchema = z.object({
  accept: z.array(z.string().min(1).max(200)).max(100).optional(),
  maxSize: z.number().int().nonnegative().optional(),
});
export type FileInput = z.infer<typeof FileInputSchema>;

/**
 * The file descriptor of a form property, when it is one the proposal allows:
 * `x-mcp-file` on `{ type: "string", format: "uri" }`, well formed. Undefined for
 * every other property (a misplaced keyword is an ordinary field, as the proposal says).
 */
export function fileInputOf(property: unknown): FileInput | undefined {
  if (typeof property !== 'object' || property === null) return undefined;
  const field = property as Record<string, unknown>;
  if (field.type !== 'string' || field.format !== 'uri' || !(FILE_INPUT_KEYWORD in field)) return undefined;
  const parsed = FileInputSchema.safeParse(field[FILE_INPUT_KEYWORD]);
  return parsed.success ? parsed.data : undefined;
}

const TOKEN = "[!#$%&'+.^_`|~0-9a-z-]+";
const MEDIA_ENTRY = new RegExp(`^(?:\\*/\\*|${TOKEN}/\\*|${TOKEN}/${TOKEN})$`);

/**
 * One `accept` entry as the proposal reads it ("the same grammar as the HTML accept attribute"):
 * `.ext`, `type/subtype`, a wildcard subtype `type/*`, or `*` + `/*` for any type; lower-cased,
 * parameters dropped. Undefined for anything else (`*`, `image/`, `*` + `/png`), which HTML ignores.
 */
export function acceptEntryOf(raw: string): string | undefined {
  const entry = raw.trim().toLowerCase();
  if (entry.startsWith('.')) return /^\.[^\s/\\,;]+$/.test(entry) ? entry : undefined;
  const media = (entry.split(';')[0] ?? '').trim();
  return MEDIA_ENTRY.test(media) ? media : undefined;
}

/** The entries of `accept` a picker and the checks use; empty when it names no type (then any file goes). */
export function acceptEntries(accept: string[] | undefined): string[] {
  return (accept ?? []).flatMap((raw) => acceptEntryOf(raw) ?? []);
}

/** What a field's `accept` lists outside the grammar, which is ignored as a browser ignores it; undefined when nothing is. */
export function ignoredAcceptEntries(input: FileInput, field: string): string | undefined {
  const ignored = (input.accept ?? []).filter((entry) => acceptEntryOf(entry) === undefined);
  if (!ignored.length) return undefined;
  const rest = acceptEntries(input.accept).length ? '' : ', so any file is accepted';
  return `Field \`${field}\` accepts ${ignored.map((entry) => JSON.stringify(entry)).join(', ')}, which ${ignored.length === 1 ? 'is' : 'are'} not a media type, a type/* wildcard, */* or a .ext: ignored${rest}.`;
}

/**
 * Whether a media type is one `accept` allows: `type/subtype` compared without
 * parameters and case-insensitively, `image/*` matching any image and `*` + `/*`
 * any file (SEP-2356, "Server-side validation"). `.ext` entries match `fileName`
 * when one is given (the picker's side); the proxy and servers compare media types
 * only, as the proposal says. Entries that are none of these are ignored, as HTML
 * ignores them: an `accept` left with none allows any file, as one omitted does.
 */
export function isAccepted(accept: string[] | undefined, mediaType: string, fileName?: string): boolean {
  const entries = acceptEntries(accept);
  if (!entries.length || entries.includes('*/*')) return true;
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  const mediaEntries = entries.filter((entry) => !entry.startsWith('.'));
  if (fileName === undefined && mediaEntries.length === 0) return true;
  return entries.some((entry) => {
    if (entry.startsWith('.')) return fileName !== undefined && fileName.toLowerCase().endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/** An RFC 2397 data URI's media type (defaulted as the RFC says) and decoded size, or why it is not one. */
export function readDataUri(value: string): { mediaType: string; size: number } | { problem: string } {
  if (!value.startsWith('data:')) return { problem: `is not a data: URI (${JSON.stringify(value.slice(0, 40))})` };
  const comma = value.indexOf(',');
  if (comma < 0) return { problem: 'is a data: URI without the comma before its data' };
  const header = value.slice(5, comma);
  const data = value.slice(comma + 1);
  const isBase64 = /;base64$/i.test(header);
  const mediaType = (isBase64 ? header.slice(0, -7) : header).split(';')[0]?.trim() || 'text/plain';
  if (isBase64) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return { problem: 'is a data: URI whose base64 is malformed' };
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
    return { mediaType, size: (data.length / 4) * 3 - padding };
  }
  return { mediaType, size: percentDecodedBytes(data) };
}

/** Bytes of percent-encoded text once decoded: `%XX` is one byte, any other character its UTF-8 length. */
function percentDecodedBytes(data: string): number {
  let bytes = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(data.slice(i + 1, i + 3))) {
      bytes++;
      i += 2;
      continue;
    }
    const code = data.codePointAt(i) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (code >= 0x10000) i++;
  }
  return bytes;
}

/**
 * How the session log records a data: URI whose bytes it leaves out: SEP-2356 says a
 * host MUST redact file inputs' data URIs in its transport logs, so the log keeps the
 * media type, the decoded size and the SHA-256 of the bytes (to tell two files apart)
 * in a string of the same shape: `data:image/png;base64,[redacted: 70 bytes, sha256 …]`.
 */
export function redactedDataUri(mediaType: string, isBase64: boolean, size: number, sha256: string): string {
  return `data:${mediaType}${isBase64 ? ';base64' : ''},[redacted: ${size} bytes, sha256 ${sha256}]`;
}

const REDACTED_DATA_URI = /^data:([^,;\s]*)(?:;base64)?,\[redacted: (\d+) bytes, sha256 ([0-9a-f]{64})\]$/;

/** A data: URI the log recorded without its bytes, read back: media type, size and SHA-256; undefined for any other value. */
export function readRedactedDataUri(value: string): { mediaType: string; size: number; sha256: string } | undefined {
  const match = REDACTED_DATA_URI.exec(value);
  return match ? { mediaType: match[1] || 'text/plain', size: Number(match[2]), sha256: match[3] ?? '' } : undefined;
}

/** What is wrong with one value of a file field: not a data URI, a media type `accept` refuses, larger than `maxSize`. */
export function fileValueProblems(input: FileInput, value: unknown): string[] {
  if (typeof value !== 'string') return ['must be a data: URI string'];
  if (readRedactedDataUri(value))
    return ['is a file a session log recorded without its bytes (its media type, size and SHA-256 only): answer with the file itself'];
  const read = readDataUri(value);
  if ('problem' in read) return [read.problem];
  const problems: string[] = [];
  if (!isAccepted(input.accept, read.mediaType))
    problems.push(`has media type ${read.mediaType}, which accept (${acceptEntries(input.accept).join(', ')}) does not allow`);
  if (input.maxSize !== undefined && read.size > input.maxSize) problems.push(`is ${read.size} bytes, more than maxSize ${input.maxSize}`);
  return problems;
}

/** SEP-3118: the MCP Apps extension, its one app MIME type, and the bridge's protocol revision (the released MCP Apps spec). */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const APPS_PROTOCOL_VERSION = '2026-01-26';

/**
 * The app a form request offers as its renderer: `_meta.ui.resourceUri`, when
 * it is an absolute `ui://` URI with a host (what the reference implementation
 * accepts). `absent` when the request names none; `invalid` with why otherwise.
 */
export function appResourceOf(params: Record<string, unknown>): { uri: string } | { absent: true } | { invalid: string } {
  const meta = params._meta;
  const ui = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>).ui : undefined;
  if (typeof ui !== 'object' || ui === null) return { absent: true };
  const uri = (ui as Record<string, unknown>).resourceUri;
  if (uri === undefined) return { absent: true };
  if (typeof uri !== 'string') return { invalid: '_meta.ui.resourceUri is not a string' };
  if (!/^ui:\/\/[^/?#\s]+/i.test(uri) || uri.length > 2000)
    return { invalid: `_meta.ui.resourceUri ${JSON.stringify(uri.slice(0, 80))} is not an absolute ui:// URI` };
  return { uri };
}

/** SEP-3118: whether client capabilities declare app-rendered elicitation: form mode, and the MCP Apps extension with its MIME type and `elicitation`. */
export function declaresAppElicitation(capabilities: unknown): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  const { elicitation, extensions } = capabilities as { elicitation?: unknown; extensions?: unknown };
  if (typeof elicitation !== 'object' || elicitation === null) return false;
  // `elicitation: {}` is form mode (2025-06-18 style); with only `url`, it is not.
  const modes = elicitation as { form?: unknown; url?: unknown };
  if (modes.form === undefined && modes.url !== undefined) return false;
  const ui = typeof extensions === 'object' && extensions !== null ? (extensions as Record<string, unknown>)[APPS_EXTENSION] : undefined;
  if (typeof ui !== 'object' || ui === null) return false;
  const { mimeTypes, elicitation: apps } = ui as { mimeTypes?: unknown; elicitation?: unknown };
  return Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME_TYPE) && typeof apps === 'object' && apps !== null;
}

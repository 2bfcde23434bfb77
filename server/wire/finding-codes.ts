/**
 * Every finding code the inspector raises, declared once: its severity, what it
 * means in a line, and its paragraph in docs/findings.md (the heading's anchor).
 * A finding is built from here (`findingOf`), so a code outside this table does
 * not compile and its severity is the table's. What is read back (session files,
 * the wire) stays a plain string: a file recorded by an older inspector may hold
 * a code no longer listed, and it is shown as it was recorded (`isFindingCode`).
 * A new code: an entry here, the check that raises it, its paragraph in the docs.
 */
import type { FindingSeverity } from './events';

type FindingCodeEntry = {
  severity: FindingSeverity;
  /** One line for people: what the server (or the host) did. */
  meaning: string;
  /** The heading of the code's paragraph in docs/findings.md, as GitHub anchors it. */
  anchor: string;
};

export const FINDING_CODES = {
  // The elicitation request itself.
  'missing-message': { severity: 'error', meaning: 'An elicitation request has no `message` string, which the spec requires.', anchor: 'missing-message' },
  'unknown-mode': { severity: 'error', meaning: 'An elicitation request names a mode other than "form" and "url".', anchor: 'unknown-mode' },
  'form-mode-undeclared': {
    severity: 'error',
    meaning: 'A form-mode elicitation came to a client that did not declare form mode.',
    anchor: 'form-mode-undeclared',
  },
  'mode-field-on-2025-06-18': {
    severity: 'info',
    meaning: 'A form request carries `mode`, a 2025-11-25 field, on a 2025-06-18 connection.',
    anchor: 'mode-field-on-2025-06-18',
  },

  // URL mode, its URL and its completion.
  'url-mode-on-2025-06-18': {
    severity: 'error',
    meaning: 'A URL-mode elicitation on a 2025-06-18 connection, where URL mode does not exist yet.',
    anchor: 'url-mode-on-2025-06-18',
  },
  'url-mode-undeclared': {
    severity: 'error',
    meaning: 'A URL-mode elicitation came to a client that did not declare `elicitation.url`.',
    anchor: 'url-mode-undeclared',
  },
  'url-missing-elicitation-id': {
    severity: 'error',
    meaning: 'A 2025-11-25 URL elicitation has no `elicitationId`, so its completion can never be matched.',
    anchor: 'url-missing-elicitation-id',
  },
  'url-missing': { severity: 'error', meaning: 'A URL-mode elicitation has no `url` string.', anchor: 'url-missing' },
  'url-unparseable': { severity: 'error', meaning: 'The URL cannot be read as a browser reads it, so it is never opened.', anchor: 'url-unparseable' },
  'url-scheme-refused': {
    severity: 'error',
    meaning: 'The URL has no scheme, or one other than http: and https: (javascript:, data:, file:…); it is never opened.',
    anchor: 'url-scheme-refused',
  },
  'url-plain-http': { severity: 'warning', meaning: 'The URL uses plain http: to another machine.', anchor: 'url-plain-http' },
  'url-idn': { severity: 'warning', meaning: "The URL's host is an internationalized domain name, whose letters can imitate another site.", anchor: 'url-idn' },
  'url-ip-host': { severity: 'warning', meaning: "The URL's host is a bare IP address, not a name.", anchor: 'url-ip-host' },
  'url-credentials': {
    severity: 'warning',
    meaning: 'The URL carries a user name or password before "@", which can make it look like another site.',
    anchor: 'url-credentials',
  },
  'url-too-long': { severity: 'warning', meaning: 'The URL is too long to show whole (over 512 characters).', anchor: 'url-too-long' },
  'completion-unknown-id': {
    severity: 'warning',
    meaning: 'A completion notification names an `elicitationId` that no URL elicitation of the session used.',
    anchor: 'completion-unknown-id',
  },
  'completion-duplicate': { severity: 'info', meaning: 'A second completion notification came for the same `elicitationId`.', anchor: 'completion-duplicate' },

  // A form's requestedSchema.
  'schema-missing': { severity: 'error', meaning: 'A form-mode request has no `requestedSchema` object.', anchor: 'schema-missing' },
  'schema-root-not-object': { severity: 'error', meaning: 'The root of `requestedSchema` is not `type: "object"`.', anchor: 'schema-root-not-object' },
  'schema-nested-object': {
    severity: 'error',
    meaning: 'A field is an object; elicitation schemas are flat, primitive fields only.',
    anchor: 'schema-nested-object',
  },
  'schema-array-not-enum': {
    severity: 'error',
    meaning: 'A field is an array of free values; only multi-select arrays of enum strings are allowed.',
    anchor: 'schema-array-not-enum',
  },
  'schema-unsupported-type': {
    severity: 'error',
    meaning: "A field's type is none of string, number, integer, boolean and a multi-select array.",
    anchor: 'schema-unsupported-type',
  },
  'schema-ref': { severity: 'error', meaning: 'The schema uses `$ref`, which the inspector does not follow.', anchor: 'schema-ref' },
  'schema-definitions': {
    severity: 'error',
    meaning: 'The schema has `$defs` or `definitions`; a flat schema has nothing to refer to.',
    anchor: 'schema-definitions',
  },
  'schema-pattern': {
    severity: 'warning',
    meaning: "A field has `pattern`, outside the spec's subset; the inspector checks it on a linear-time engine.",
    anchor: 'schema-pattern',
  },
  'schema-pattern-not-enforced': {
    severity: 'warning',
    meaning: "A field's `pattern` cannot run on a linear-time engine (backreferences, lookaround), so it is not enforced.",
    anchor: 'schema-pattern-not-enforced',
  },
  'schema-unknown-keyword': {
    severity: 'warning',
    meaning: "The schema or a field has a keyword outside the spec's flat subset, which the form leaves out.",
    anchor: 'schema-unknown-keyword',
  },
  'schema-enum-names-deprecated': {
    severity: 'info',
    meaning: 'A field uses `enumNames`, kept for compatibility; 2025-11-25 prefers `oneOf` with `const` and `title`.',
    anchor: 'schema-enum-names-deprecated',
  },
  'schema-newer-than-protocol': {
    severity: 'warning',
    meaning: 'A form on a 2025-06-18 connection uses 2025-11-25 schema features.',
    anchor: 'schema-newer-than-protocol',
  },
  'form-asks-for-secret': {
    severity: 'warning',
    meaning: 'A form field looks like it asks for a secret (a password, a token, an API key), which belongs in URL mode.',
    anchor: 'form-asks-for-secret',
  },

  // 2026-07-28: results, rounds and requests.
  'server-request-on-2026': {
    severity: 'error',
    meaning: 'The server sent a request on a 2026-07-28 connection, where servers cannot send requests.',
    anchor: 'server-request-on-2026',
  },
  'result-type-missing': { severity: 'warning', meaning: 'A 2026-07-28 result has no `resultType`; it is taken as complete.', anchor: 'result-type-missing' },
  'schema-changed-between-rounds': {
    severity: 'warning',
    meaning: 'A later round asks under the same input key with a different `requestedSchema`.',
    anchor: 'schema-changed-between-rounds',
  },
  'unsupported-input-request': {
    severity: 'warning',
    meaning: 'An input request asks for a method the inspector does not fulfil; it is left out of the retry.',
    anchor: 'unsupported-input-request',
  },

  // The server's other requests: roots, sampling, tasks.
  'undeclared-request': {
    severity: 'error',
    meaning: 'The server asked for roots or sampling, which the client did not declare.',
    anchor: 'undeclared-request',
  },
  'sampling-messages-malformed': {
    severity: 'error',
    meaning: "A sampling request's `messages` are missing, empty or malformed.",
    anchor: 'sampling-messages-malformed',
  },
  'sampling-max-tokens-malformed': {
    severity: 'error',
    meaning: "A sampling request's `maxTokens` is missing or not a positive integer.",
    anchor: 'sampling-max-tokens-malformed',
  },
  'tasks-undeclared': { severity: 'error', meaning: 'The server sent `tasks/*` to a client that declared no tasks.', anchor: 'tasks-undeclared' },
  'task-augmentation-undeclared': {
    severity: 'error',
    meaning: 'The server asked for an elicitation as a task, which the client did not declare.',
    anchor: 'task-augmentation-undeclared',
  },
  'task-status-regressed': { severity: 'error', meaning: 'A task left a final status (completed, failed or cancelled).', anchor: 'task-status-regressed' },
  'task-status-unknown': { severity: 'error', meaning: 'A task reported a status that is not a task status.', anchor: 'task-status-unknown' },
  'task-never-finishes': {
    severity: 'warning',
    meaning: 'A task is past its `ttl` without an end, or has no `ttl` and no change of status for 10 minutes.',
    anchor: 'task-never-finishes',
  },

  // A stdio server's start and its stdout.
  'probe-unanswered': {
    severity: 'warning',
    meaning: "A stdio server never answered Auto's 2026-07-28 version probe (`server/discover`).",
    anchor: 'probe-unanswered',
  },
  'probe-ended-server': {
    severity: 'warning',
    meaning: "A stdio server exited when Auto's version probe came before `initialize`.",
    anchor: 'probe-ended-server',
  },
  'stdout-not-json': { severity: 'error', meaning: 'A stdio server wrote a line that is not JSON-RPC on stdout.', anchor: 'stdout-not-json' },
  'stdout-not-json-dropped': {
    severity: 'warning',
    meaning: 'More non-JSON stdout lines came than the log keeps (100 each 10 s); says how many were not logged.',
    anchor: 'stdout-not-json-dropped',
  },

  // The inspector's own response rules.
  'rule-content-invalid': {
    severity: 'warning',
    meaning: "A response rule's answer was not sent: its content fails the requested schema, or names a file it cannot send.",
    anchor: 'rule-content-invalid',
  },
  'rule-pattern-unenforced': {
    severity: 'warning',
    meaning: "A rule's `messagePattern` cannot run on a linear-time engine, so the rule never matches.",
    anchor: 'rule-pattern-unenforced',
  },

  // Protocol proposals (docs/proposals.md): deprecations (SEP-2577).
  'roots-deprecated': { severity: 'warning', meaning: 'A server uses roots on 2026-07-28, which deprecates them.', anchor: 'roots-deprecated' },
  'sampling-deprecated': { severity: 'warning', meaning: 'A server uses sampling on 2026-07-28, which deprecates it.', anchor: 'sampling-deprecated' },
  'logging-deprecated': { severity: 'warning', meaning: 'A server declares or uses logging on 2026-07-28, which deprecates it.', anchor: 'logging-deprecated' },
  'logging-deprecated-unnoted': {
    severity: 'warning',
    meaning: 'After 100 logging notes in a session, the rest of its log messages go unnoted.',
    anchor: 'logging-deprecated-unnoted',
  },
  // Authorization denials (SEP-2643).
  'authorization-url-undeclared': {
    severity: 'error',
    meaning: "A denial's URL remedy came on a request that did not declare `elicitation.url`.",
    anchor: 'authorization-url-undeclared',
  },
  'authorization-hints-not-allowed': {
    severity: 'error',
    meaning: 'A denial lists remediation hints with a remediation other than "available".',
    anchor: 'authorization-hints-not-allowed',
  },
  'authorization-url-hint-without-url': {
    severity: 'warning',
    meaning: 'A denial has a "url" remediation hint and no URL elicitation to go with it.',
    anchor: 'authorization-url-hint-without-url',
  },
  'authorization-denial-malformed': {
    severity: 'warning',
    meaning: "A result's authorization `_meta` is not a denial envelope; it is ignored.",
    anchor: 'authorization-denial-malformed',
  },
  'authorization-denial-not-error': {
    severity: 'warning',
    meaning: 'A result carries a denial envelope without `isError: true`.',
    anchor: 'authorization-denial-not-error',
  },
  // File inputs (SEP-2356).
  'file-input-misplaced': {
    severity: 'warning',
    meaning: '`x-mcp-file` where the proposal does not allow it; the field is an ordinary one.',
    anchor: 'file-input-misplaced',
  },
  'file-input-accept-ignored': {
    severity: 'warning',
    meaning: 'An `accept` entry is no media type, wildcard or extension, and is ignored.',
    anchor: 'file-input-accept-ignored',
  },
  // App-rendered forms (SEP-3118).
  'app-elicitation-undeclared': {
    severity: 'error',
    meaning: 'A request names an app, but the client did not declare MCP Apps elicitation.',
    anchor: 'app-elicitation-undeclared',
  },
  'app-on-url-mode': { severity: 'error', meaning: 'A URL-mode request names an app; only forms can be app-rendered.', anchor: 'app-on-url-mode' },
  'app-resource-uri-invalid': {
    severity: 'warning',
    meaning: "A request's app `resourceUri` is not an absolute `ui://` URI; the form is shown alone.",
    anchor: 'app-resource-uri-invalid',
  },
  'app-resource-invalid': { severity: 'error', meaning: "The app's resource cannot be rendered; the form is the fallback.", anchor: 'app-resource-invalid' },
  'app-answer-invalid': {
    severity: 'error',
    meaning: "The app's answer fails the requested schema; it is refused and not sent.",
    anchor: 'app-answer-invalid',
  },
  'app-outside-protocol': {
    severity: 'warning',
    meaning: 'The app view tried something outside the MCP Apps bridge, or that its sandbox or CSP stopped.',
    anchor: 'app-outside-protocol',
  },
  'app-csp-refused': { severity: 'warning', meaning: 'The app declares a CSP domain the inspector does not grant.', anchor: 'app-csp-refused' },
  'app-csp-not-granted': {
    severity: 'info',
    meaning: 'The app declares `frameDomains` or `baseUriDomains`, which are never granted.',
    anchor: 'app-csp-not-granted',
  },
  // The person's language (SEP-2792).
  'localized-keys-changed': {
    severity: 'warning',
    meaning: 'The same form came back in another language with other property keys.',
    anchor: 'localized-keys-changed',
  },

  // What a tapped host does (docs/tap.md).
  'host-content-invalid': {
    severity: 'error',
    meaning: 'The host accepted a form with content that does not match its `requestedSchema`.',
    anchor: 'host-content-invalid',
  },
  'host-url-accept-too-fast': {
    severity: 'warning',
    meaning: 'The host accepted a URL flow less than 500 ms after it was asked: faster than a person.',
    anchor: 'host-url-accept-too-fast',
  },
  'host-dropped-request-state': {
    severity: 'error',
    meaning: 'The host retried a 2026-07-28 call without the `requestState` the server gave it.',
    anchor: 'host-dropped-request-state',
  },
  'host-changed-request-state': {
    severity: 'error',
    meaning: 'The host retried a 2026-07-28 call with a `requestState` other than the server gave it.',
    anchor: 'host-changed-request-state',
  },
  'host-answered-after-cancel': {
    severity: 'warning',
    meaning: 'The host answered after the server had withdrawn the request.',
    anchor: 'host-answered-after-cancel',
  },
  'host-gave-up': {
    severity: 'warning',
    meaning: 'The host cancelled its call, or closed the connection, while an elicitation of it was unanswered.',
    anchor: 'host-gave-up',
  },
  'host-unknown-action': {
    severity: 'error',
    meaning: 'The host answered with an `action` other than accept, decline and cancel.',
    anchor: 'host-unknown-action',
  },
} as const satisfies Record<string, FindingCodeEntry>;

/** A code the inspector raises: a key of the table, nothing else. */
export type FindingCode = keyof typeof FINDING_CODES;

/** The page of the docs where each code has its paragraph, relative to the package's root. */
export const FINDINGS_DOCS_PAGE = 'docs/findings.md';

/** A finding as the inspector raises it. What is read back from files and the wire is `Finding` (events.ts), whose code is any string. */
export type RaisedFinding = { code: FindingCode; severity: FindingSeverity; message: string };

/** A finding of `code`, with the table's severity; `message` says what happened this time. */
export function findingOf(code: FindingCode, message: string): RaisedFinding {
  return { code, severity: FINDING_CODES[code].severity, message };
}

/** True for a code of this inspector's table; false for one an older version (or another tool) wrote, and for names of Object's own. */
export function isFindingCode(code: string): code is FindingCode {
  return Object.hasOwn(FINDING_CODES, code);
}

/** Where a code is explained: `docs/findings.md#anchor`, or the page alone for a code the table does not have. */
export function findingDocs(code: string): string {
  return isFindingCode(code) ? `${FINDINGS_DOCS_PAGE}#${FINDING_CODES[code].anchor}` : FINDINGS_DOCS_PAGE;
}

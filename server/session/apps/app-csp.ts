/**
 * SEP-3118 / MCP Apps (`io.modelcontextprotocol/ui`, revision 2026-01-26, "UI Resource Format",
 * Host Behavior and Security Implications §4): the CSP an app view is served under. The host MUST
 * build it from the domains the resource declares in `_meta.ui.csp` and MUST NOT allow undeclared
 * ones; it MAY restrict further. The inspector grants `connectDomains` (connect-src) and
 * `resourceDomains` (script-, style-, img-, font-, media-src) when each entry is a plain secure
 * origin, and refuses everything else with a reason: a bare `*`, a keyword, a scheme, a path, or
 * anything that would add a directive. `frameDomains` and `baseUriDomains` are not granted (no
 * nested frames, no base). docs/proposals.md says what a person sees.
 */

/** The declared lists a host grants, by the CSP directives each maps to. */
const GRANTED = {
  connectDomains: ['connect-src'],
  resourceDomains: ['script-src', 'style-src', 'img-src', 'font-src', 'media-src'],
} as const;
/** Declared lists the inspector does not grant at all: the view has no nested frames and no base. */
const NOT_GRANTED = ['frameDomains', 'baseUriDomains'] as const;

/** The most origins granted from one list; the rest are refused. */
export const MAX_DECLARED_ORIGINS = 20;

type Field = keyof typeof GRANTED;
export type AppCsp = {
  /** The header value. */
  header: string;
  /** What was granted, by declared list. */
  granted: Record<Field, string[]>;
  /** Each refused value, with why, to report as a finding. */
  refused: { field: string; value: string; reason: string }[];
  /** Declared lists that are never granted, and were not empty. */
  ignored: string[];
};

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** `https://host[:port]` or `https://*.host.tld[:port]`: a host of DNS labels, no user, path, query or fragment. */
const ORIGIN = new RegExp(`^(https|wss)://(\\*\\.)?(${LABEL}(?:\\.${LABEL})*)(?::(\\d{1,5}))?$`, 'i');

/** Why `value` is not a plain secure origin of `field`, or undefined when it is one. */
export function originProblem(field: Field, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'it is not a string';
  if (value.length > 255) return 'it is longer than 255 characters';
  const match = ORIGIN.exec(value);
  if (!match) {
    if (value.trim() === '*' || /^\*?$/.test(value.trim())) return 'a wildcard for every origin is not an origin';
    if (/^'/.test(value.trim())) return 'a CSP keyword is not an origin';
    if (/[\s;,]/.test(value)) return 'it contains a space, comma or semicolon, which would change the policy';
    if (/^http:/i.test(value)) return 'only https origins are granted (http is not, loopback included)';
    if (/^[a-z][\w+.-]*:(?!\/\/)/i.test(value)) return 'a bare scheme is not an origin';
    return 'it is not a plain origin (https://host or https://host:port, no path)';
  }
  const [, scheme, wildcard, host, port] = match;
  if (scheme?.toLowerCase() === 'wss' && field !== 'connectDomains') return 'wss is for connectDomains only';
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return `port ${port} is out of range`;
  if (wildcard && (host ?? '').split('.').length < 2) return 'a wildcard must stand below a registered domain (https://*.example.com)';
  if (/^[\d.]+$/.test(host ?? '') && !/^(\d{1,3})(\.\d{1,3}){3}$/.test(host ?? '')) return 'it is not a host name or an IPv4 address';
  return undefined;
}

/** A declared value as a finding names it: the string itself, anything else as JSON, cut short. */
function shown(value: unknown): string {
  return (typeof value === 'string' ? value : (JSON.stringify(value) ?? typeof value)).slice(0, 200);
}

/** The declared `_meta.ui.csp` of a resource's content, if it is an object. */
export function declaredCsp(content: Record<string, unknown>): Record<string, unknown> | undefined {
  const meta = content._meta;
  const ui = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>).ui : undefined;
  const csp = typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>).csp : undefined;
  return typeof csp === 'object' && csp !== null && !Array.isArray(csp) ? (csp as Record<string, unknown>) : undefined;
}

/**
 * The view's CSP, sent with its sandbox proxy's document on the app origin and inherited by the
 * app's document inside it: the MCP Apps restrictive default tightened (no `'self'`: the app
 * reaches nothing on the origin it shares with other apps' views; no forms; framed only by the page
 * `hostOrigin`; `sandbox allow-scripts allow-same-origin`, so that opened on its own it keeps the
 * frame's limits and its origin), with the declared origins that pass `originProblem` added to their directives.
 */
export function appViewCsp(declared: Record<string, unknown> | undefined, hostOrigin: string): AppCsp {
  const granted: Record<Field, string[]> = { connectDomains: [], resourceDomains: [] };
  const refused: AppCsp['refused'] = [];
  for (const field of Object.keys(GRANTED) as Field[]) {
    const list = declared?.[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      refused.push({ field, value: shown(list), reason: 'it is not a list' });
      continue;
    }
    for (const value of list) {
      const problem = granted[field].length >= MAX_DECLARED_ORIGINS ? `more than ${MAX_DECLARED_ORIGINS} origins are declared` : originProblem(field, value);
      if (problem) refused.push({ field, value: shown(value), reason: problem });
      else if (!granted[field].includes((value as string).toLowerCase())) granted[field].push((value as string).toLowerCase());
    }
  }
  const ignored = NOT_GRANTED.filter((field) => declared?.[field] !== undefined && !(Array.isArray(declared[field]) && declared[field].length === 0));
  const sources = (directive: string, base: string[]): string => {
    const extra = (Object.keys(GRANTED) as Field[]).flatMap((field) => ((GRANTED[field] as readonly string[]).includes(directive) ? granted[field] : []));
    const all = [...base, ...extra];
    return `${directive} ${all.length ? all.join(' ') : "'none'"}`;
  };
  const header = [
    "default-src 'none'",
    sources('script-src', ["'unsafe-inline'"]),
    sources('style-src', ["'unsafe-inline'"]),
    sources('img-src', ['data:']),
    sources('media-src', ['data:']),
    sources('font-src', ['data:']),
    sources('connect-src', []),
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${hostOrigin}`,
    'sandbox allow-scripts allow-same-origin',
  ].join('; ');
  return { header, granted, refused, ignored };
}

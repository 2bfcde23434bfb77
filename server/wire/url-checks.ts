/**
 * Judges the URL of a URL-mode elicitation before a person opens it: which host
 * the browser will really go to, how to show it, and whether Open is allowed.
 * Pure: WHATWG `URL` reads the URL, so in the page the verdict is that of the very
 * parser the browser navigates with (the proxy's, for its findings, is Node's, on the
 * same standard), and punycode's decoder shows xn-- labels in Unicode.
 */

import { decode } from 'punycode/punycode.es6.js';
import type { FindingCode } from './finding-codes';

/** The checks whose problem, a refusal or a warning, the proxy raises as a finding under the same code; 'url-loopback' is a note the page alone shows. */
const URL_FINDING_CODES = [
  'url-unparseable',
  'url-scheme-refused',
  'url-plain-http',
  'url-idn',
  'url-ip-host',
  'url-credentials',
  'url-too-long',
] as const satisfies readonly FindingCode[];
const URL_FINDING_CODE_SET = new Set<string>(URL_FINDING_CODES);

/** True for a finding that repeats one of these checks: where the URL's destination is shown, it says the same. */
export function isUrlCheckFinding(code: string): boolean {
  return URL_FINDING_CODE_SET.has(code);
}

/** 'refuse': the URL must not be opened (Open is disabled); 'warn': it may be opened, but say why to be careful; 'info': worth knowing. */
export type UrlProblem = ({ level: 'refuse' | 'warn'; code: (typeof URL_FINDING_CODES)[number] } | { level: 'info'; code: 'url-loopback' }) & {
  /** One sentence for people. */
  message: string;
};

export type UrlAnalysis = {
  raw: string;
  /**
   * The URL as the browser's parser writes it out, absolute; undefined when refused. The page opens this, never raw: a
   * browser resolves raw against the page's own address, where "http:evil.example" is a path on the inspector.
   */
  href?: string;
  /** Lower-cased scheme without the colon, e.g. 'https', 'javascript'; undefined when unparseable. */
  scheme?: string;
  /** Host as the browser will use it (WHATWG URL's hostname): percent-escapes undone, lower-cased, ASCII (punycode) form, IPv4 in dotted form (0x7f.1 → 127.0.0.1); IPv6 compressed, with brackets ([0:0:0:0:0:0:0:1] → [::1]). */
  host?: string;
  /** Host with every xn-- label decoded to Unicode; equals host when there is none. */
  unicodeHost?: string;
  /** The port as the browser keeps it: absent when none is written or it is the scheme's default (https://x:443/). */
  port?: string;
  /** The part of the (ASCII) host a person should read as "who this is": the registrable domain (eTLD+1), e.g. 'example.co.uk' for 'login.example.co.uk'. For IPs and single-label hosts (localhost), the whole host. A trailing dot is left out. */
  registrableDomain?: string;
  /** Host split for display: everything before the registrable domain (e.g. 'login.'); subdomainPrefix + registrableDomain is the host without a trailing dot. */
  subdomainPrefix?: string;
  hasCredentials: boolean;
  isLoopback: boolean;
  /** True when Open must be disabled (any problem with level 'refuse'). */
  isRefused: boolean;
  problems: UrlProblem[];
};

/** Longer URLs get 'url-too-long' (warn): the panel cannot show them whole. */
export const URL_DISPLAY_LIMIT = 512;

// Not the public suffix list (too big to ship); the multi-part suffixes people meet most, so the emphasized name is not "co.uk".
const MULTI_PART_SUFFIXES = new Set(
  (
    'co.uk org.uk ac.uk gov.uk ltd.uk plc.uk me.uk net.uk nhs.uk com.au net.au org.au edu.au gov.au co.jp ne.jp or.jp ac.jp go.jp ' +
    'co.nz org.nz net.nz co.za org.za com.br net.br org.br com.cn net.cn org.cn gov.cn com.mx org.mx co.in net.in org.in ' +
    'co.kr or.kr com.tr com.sg com.hk com.tw com.ar com.my co.id co.il co.th com.ua com.pl com.es com.ph com.vn ' +
    'github.io gitlab.io vercel.app netlify.app pages.dev workers.dev web.app firebaseapp.com herokuapp.com appspot.com ' +
    'cloudfront.net azurewebsites.net blogspot.com onrender.com fly.dev glitch.me repl.co ngrok.io ngrok-free.app ' +
    'trycloudflare.com s3.amazonaws.com azurestaticapps.net'
  ).split(' '),
);

const CODE_RUNNING = 'run code in the page';
// A Map, not an object literal: a scheme like "constructor:" must not find Object.prototype members.
const SCHEME_REASONS = new Map([
  ['javascript', CODE_RUNNING],
  ['vbscript', CODE_RUNNING],
  ['data', 'carry their own content, which can imitate any site,'],
  ['file', 'open files on this computer'],
  ['blob', 'show content made inside another page'],
]);

/** Everything a person should know about `raw` before opening it. Never throws. */
export function analyzeUrl(raw: string): UrlAnalysis {
  const text = typeof raw === 'string' ? raw : '';
  const result: UrlAnalysis = { raw: text, hasCredentials: false, isLoopback: false, isRefused: false, problems: [] };
  try {
    inspect(text, result);
  } catch {
    unparseable(result, 'part of it could not be read');
  }
  // Half-read parts of an unparseable URL would only mislead.
  if (result.problems.some((p) => p.code === 'url-unparseable')) {
    result.problems = result.problems.filter((p) => p.level === 'refuse');
    for (const key of ['href', 'scheme', 'host', 'unicodeHost', 'port', 'registrableDomain', 'subdomainPrefix'] as const) delete result[key];
    result.hasCredentials = result.isLoopback = false;
  }
  if (text.length > URL_DISPLAY_LIMIT) {
    const message = `The URL is ${text.length} characters long, too long to show whole; read the host carefully.`;
    result.problems.push({ level: 'warn', code: 'url-too-long', message });
  }
  result.isRefused = result.problems.some((p) => p.level === 'refuse');
  return result;
}

function unparseable(result: UrlAnalysis, why: string): void {
  result.problems.push({ level: 'refuse', code: 'url-unparseable', message: `The URL cannot be opened because ${why}.` });
}

/** The part of WHATWG `URL` the checks read: a global in the page and in Node alike, declared here because the wire has no DOM or Node types. */
type ParsedUrl = {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
};
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

function parse(text: string): ParsedUrl | undefined {
  try {
    return new WhatwgUrl(text);
  } catch {
    return undefined;
  }
}

/* eslint-disable no-control-regex -- a URL is checked for control characters on purpose: browsers strip or refuse them */
function inspect(raw: string, result: UrlAnalysis): void {
  const problems = result.problems;
  // The parser's first step, repeated only to name the scheme of a URL it refuses: surrounding controls and spaces dropped, tabs/newlines anywhere.
  const cleaned = raw.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '').replace(/[\t\n\r]/g, '');
  if (!cleaned) return unparseable(result, 'it is empty');
  // The browser's own parser decides where the URL goes: the page asks the browser it opens the URL in, the proxy asks Node's (the same WHATWG standard).
  const url = parse(raw);
  const scheme = url ? url.protocol.slice(0, -1) : /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (!scheme) {
    problems.push({ level: 'refuse', code: 'url-scheme-refused', message: 'The URL has no scheme such as https:, so it is never opened.' });
    return;
  }
  result.scheme = scheme;
  if (scheme !== 'http' && scheme !== 'https') {
    const reason = SCHEME_REASONS.get(scheme);
    const message = reason ? `${scheme}: URLs ${reason} and are never opened.` : `${scheme}: URLs are never opened; only http: and https: are.`;
    problems.push({ level: 'refuse', code: 'url-scheme-refused', message });
    return;
  }
  if (!url) return unparseable(result, 'its host or port is not one a browser can read');

  // hostname is what the browser connects to: lower-cased, ASCII (IDNA), percent-escapes undone, IPv4 dotted, IPv6 compressed in brackets.
  const host = url.hostname;
  // Chromium keeps escapes the standard refuses ("exa mple.com" → exa%20mple.com); no name a resolver answers has one.
  if (host.includes('%')) return unparseable(result, 'the host has characters no host can have');
  const bare = host.replace(/\.$/, '');
  const ipv4 = /^\d+\.\d+\.\d+\.\d+$/.test(host);
  const isIp = ipv4 || host.startsWith('[');
  const isLoopback = ipv4
    ? host.startsWith('127.')
    : isIp
      ? host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
      : bare === 'localhost' || bare.endsWith('.localhost');
  const labels = bare.split('.');
  const unicodeHost = isIp ? host : host.split('.').map(decodeIdnLabel).join('.');
  if (!isIp && labels.some((label) => label.startsWith('xn--'))) {
    const message =
      unicodeHost !== host
        ? `The host is an internationalized domain name: shown as "${unicodeHost}", really "${host}". Look-alike letters can imitate another site.`
        : `The host "${host}" has an internationalized (xn--) label that does not decode cleanly; browsers may show or treat it differently.`;
    problems.push({ level: 'warn', code: 'url-idn', message });
  }

  result.href = url.href;
  result.host = host;
  result.unicodeHost = unicodeHost;
  if (url.port) result.port = url.port;
  result.isLoopback = isLoopback;
  result.hasCredentials = url.username !== '' || url.password !== '';
  const take = !isIp && labels.length >= 3 && MULTI_PART_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  result.registrableDomain = isIp ? bare : labels.slice(-take).join('.');
  result.subdomainPrefix = bare.slice(0, bare.length - result.registrableDomain.length);

  if (result.hasCredentials) {
    const message = `The URL carries a user name or password before "@", which can make it look like another site; the real host is "${host}".`;
    problems.push({ level: 'warn', code: 'url-credentials', message });
  }
  if (scheme === 'http' && !isLoopback) {
    problems.push({ level: 'warn', code: 'url-plain-http', message: 'The URL uses plain http:, so anyone on the way can read or change what is sent.' });
  }
  if (isIp && !isLoopback) {
    const written = ipv4 ? writtenHost(cleaned) : undefined;
    const message =
      written && written !== host
        ? `The host is a bare IP address written in an unusual notation ("${written}" is ${host}), not a name: nothing says who runs it.`
        : 'The host is a bare IP address, not a name: nothing says who runs it.';
    problems.push({ level: 'warn', code: 'url-ip-host', message });
  }
  if (isLoopback) problems.push({ level: 'info', code: 'url-loopback', message: 'Points at this machine.' });
}

/**
 * The host as the URL wrote it, for naming an IPv4 address in another notation (0x7f.1, 2130706433). The same text
 * read with a non-special scheme keeps its host opaque, so no IPv4 or IDNA step rewrites it; a special scheme takes
 * any run of / and \ after the colon, and \ as /, so those are made plain first.
 */
function writtenHost(cleaned: string): string | undefined {
  const opaque = parse(cleaned.replace(/^[^:]*:[/\\]*/, 'x://').replace(/\\/g, '/'));
  if (!opaque) return undefined;
  try {
    return decodeURIComponent(opaque.hostname).toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

// A label is shown in Unicode only when its decoding is the name IDNA maps back to that very label: one that decodes
// to plain ASCII, a control or anything else IDNA would write otherwise is shown as it is (and browsers show it so too).
function decodeIdnLabel(label: string): string {
  if (!label.startsWith('xn--')) return label;
  let decoded: string;
  try {
    decoded = decode(label.slice(4));
  } catch {
    return label;
  }
  return parse(`http://${decoded}/`)?.hostname === label ? decoded : label;
}

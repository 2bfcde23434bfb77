/**
 * Judges the URL of a URL-mode elicitation before a person opens it: which host
 * the browser will really go to, how to show it, and whether Open is allowed.
 * Pure and dependency-free so the page and the proxy reach the same verdict.
 */

export type UrlProblem = {
  /** 'refuse': the URL must not be opened (Open is disabled); 'warn': it may be opened, but say why to be careful; 'info': worth knowing. */
  level: 'refuse' | 'warn' | 'info';
  code: 'url-unparseable' | 'url-scheme-refused' | 'url-plain-http' | 'url-idn' | 'url-ip-host' | 'url-credentials' | 'url-too-long' | 'url-loopback';
  /** One sentence for people. */
  message: string;
};

export type UrlAnalysis = {
  raw: string;
  /** Lower-cased scheme without the colon, e.g. 'https', 'javascript'; undefined when unparseable. */
  scheme?: string;
  /** Host as the browser will use it: percent-escapes undone, lower-cased, ASCII (punycode) form, IPv4 in dotted form (0x7f.1 → 127.0.0.1); IPv6 as written, with brackets. */
  host?: string;
  /** Host with every xn-- label decoded to Unicode; equals host when there is none. */
  unicodeHost?: string;
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
    for (const key of ['scheme', 'host', 'unicodeHost', 'port', 'registrableDomain', 'subdomainPrefix'] as const) delete result[key];
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

/* eslint-disable no-control-regex -- a URL is checked for control characters on purpose: browsers strip or refuse them */
function inspect(raw: string, result: UrlAnalysis): void {
  const problems = result.problems;
  // What a browser does first: drop surrounding controls and spaces, and tabs/newlines anywhere (so "java\tscript:" is javascript:).
  const cleaned = raw.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '').replace(/[\t\n\r]/g, '');
  if (!cleaned) return unparseable(result, 'it is empty');
  const schemeMatch = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  if (!schemeMatch) {
    problems.push({ level: 'refuse', code: 'url-scheme-refused', message: 'The URL has no scheme such as https:, so it is never opened.' });
    return;
  }
  const scheme = (schemeMatch[1] ?? '').toLowerCase();
  result.scheme = scheme;
  if (scheme !== 'http' && scheme !== 'https') {
    const reason = SCHEME_REASONS.get(scheme);
    const message = reason ? `${scheme}: URLs ${reason} and are never opened.` : `${scheme}: URLs are never opened; only http: and https: are.`;
    problems.push({ level: 'refuse', code: 'url-scheme-refused', message });
    return;
  }

  // For http(s) browsers skip any run of / and \ after the colon, and end the authority at / \ ? or #.
  const rest = cleaned.slice(schemeMatch[0].length).replace(/^[/\\]+/, '');
  const authorityEnd = rest.search(/[/\\?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  // The host follows the LAST '@': "https://google.com@evil.example/" goes to evil.example.
  const at = authority.lastIndexOf('@');
  result.hasCredentials = at > 0;
  const hostPort = authority.slice(at + 1);

  let hostText: string;
  let port: string;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return unparseable(result, 'the IPv6 address has no closing "]"');
    hostText = hostPort.slice(0, close + 1);
    const tail = hostPort.slice(close + 1);
    if (tail && !tail.startsWith(':')) return unparseable(result, 'there is text after the IPv6 address');
    port = tail.slice(1);
  } else {
    const colon = hostPort.indexOf(':');
    hostText = colon < 0 ? hostPort : hostPort.slice(0, colon);
    port = colon < 0 ? '' : hostPort.slice(colon + 1);
  }
  if (!/^\d*$/.test(port) || Number(port) > 65535) return unparseable(result, 'the port is not a number from 0 to 65535');
  if (port) result.port = port;
  if (!hostText) return unparseable(result, 'the host is empty');

  let host: string;
  let unicodeHost: string;
  let isIp = true;
  let isLoopback: boolean;
  let unusualIp: string | undefined;
  if (hostText.startsWith('[')) {
    host = hostText.toLowerCase();
    const pieces = parseIpv6(host.slice(1, -1));
    if (!pieces) return unparseable(result, 'the IPv6 address is not valid');
    unicodeHost = host;
    const mappedV4 = pieces.slice(0, 5).every((p) => p === 0) && pieces[5] === 0xffff;
    isLoopback = pieces.join() === '0,0,0,0,0,0,0,1' || (mappedV4 && (pieces[6] ?? 0) >> 8 === 127);
  } else {
    let decoded: string;
    try {
      decoded = decodeURIComponent(hostText);
    } catch {
      return unparseable(result, 'the host has broken percent-escapes');
    }
    // Near enough to the browser's UTS #46 mapping: compatibility forms folded, ideographic full stops read as dots.
    const mapped = decoded
      .normalize('NFKC')
      .replace(/[\u3002\uff0e\uff61]/g, '.')
      .toLowerCase();
    const asciiLabels = mapped.split('.').map((label) => (/^[\x00-\x7f]*$/.test(label) ? label : `xn--${punycodeEncode(label)}`));
    host = asciiLabels.join('.');
    if (/[\x00-\x20#%/:<>?@[\\\]^|\x7f]/.test(host)) return unparseable(result, 'the host contains characters a host cannot have');
    const numeric = endsInNumber(host);
    const ipv4 = numeric ? parseIpv4(host) : undefined;
    if (numeric && ipv4 === undefined) return unparseable(result, 'the host looks like an IP address but is not a valid one');
    unicodeHost = asciiLabels.map(decodeIdnLabel).join('.');
    const bare = host.replace(/\.$/, '');
    if (ipv4 !== undefined) {
      const dotted = [24, 16, 8, 0].map((shift) => (ipv4 >>> shift) & 255).join('.');
      if (dotted !== bare) unusualIp = bare;
      host = unicodeHost = dotted;
      isLoopback = ipv4 >>> 24 === 127;
    } else {
      isIp = false;
      isLoopback = bare === 'localhost' || bare.endsWith('.localhost');
      if (asciiLabels.some((label) => label.startsWith('xn--'))) {
        const message =
          unicodeHost !== host
            ? `The host is an internationalized domain name: shown as "${unicodeHost}", really "${host}". Look-alike letters can imitate another site.`
            : `The host "${host}" has an internationalized (xn--) label that does not decode cleanly; browsers may show or treat it differently.`;
        problems.push({ level: 'warn', code: 'url-idn', message });
      }
    }
  }

  result.host = host;
  result.unicodeHost = unicodeHost;
  result.isLoopback = isLoopback;
  const bare = host.replace(/\.$/, '');
  const labels = bare.split('.');
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
    const message = unusualIp
      ? `The host is a bare IP address written in an unusual notation ("${unusualIp}" is ${host}), not a name: nothing says who runs it.`
      : 'The host is a bare IP address, not a name: nothing says who runs it.';
    problems.push({ level: 'warn', code: 'url-ip-host', message });
  }
  if (isLoopback) problems.push({ level: 'info', code: 'url-loopback', message: 'Points at this machine.' });
}

// The browser's rule: a host whose last label is numeric is an IPv4 address in one of its many notations, or invalid.
function endsInNumber(host: string): boolean {
  const labels = host.split('.');
  if (labels.length > 1 && labels[labels.length - 1] === '') labels.pop();
  return /^(\d+|0x[0-9a-f]*)$/.test(labels.at(-1) ?? '');
}

function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const [radix, digits] = part.startsWith('0x') ? [16, part.slice(2)] : part.length > 1 && part.startsWith('0') ? [8, part.slice(1)] : [10, part];
    const valid = radix === 16 ? /^[0-9a-f]*$/ : radix === 8 ? /^[0-7]*$/ : /^\d+$/;
    if (!valid.test(digits)) return undefined;
    numbers.push(digits ? parseInt(digits, radix) : 0);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last);
}

function parseIpv6(text: string): number[] | undefined {
  let body = text;
  let tail: number[] = [];
  const embedded = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (embedded) {
    const [, prefix = '', ...parts] = embedded;
    const [a = NaN, b = NaN, c = NaN, d = NaN] = parts.map((part) => (part.length > 1 && part.startsWith('0') ? NaN : Number(part)));
    if ([a, b, c, d].some((n) => !(n <= 255))) return undefined;
    tail = [(a << 8) | b, (c << 8) | d];
    body = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const [first = '', second] = halves;
  const front = groups(first);
  const back = second === undefined ? [] : groups(second);
  const missing = 8 - front.length - back.length - tail.length;
  if ([...front, ...back].some(Number.isNaN) || (halves.length === 2 ? missing < 1 : missing !== 0)) return undefined;
  return [...front, ...new Array<number>(missing).fill(0), ...back, ...tail];
}

// Browsers refuse xn-- labels that are not valid punycode or decode to plain ASCII; show those as they are.
function decodeIdnLabel(label: string): string {
  if (!label.startsWith('xn--')) return label;
  try {
    const decoded = punycodeToUnicode(label.slice(4));
    return /[^\x00-\x7f]/.test(decoded) ? decoded : label;
  } catch {
    return label;
  }
}

// RFC 3492 parameters.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : Math.floor(delta / 2);
  d += Math.floor(d / points);
  let k = 0;
  for (; d > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) d = Math.floor(d / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + 38));
}

function threshold(k: number, bias: number): number {
  return k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
}

/** Decodes one punycode label (RFC 3492), given WITHOUT its 'xn--' prefix. Throws on invalid input. */
export function punycodeToUnicode(label: string): string {
  const delimiter = label.lastIndexOf('-');
  const output = [...label.slice(0, Math.max(delimiter, 0))].map((c) => c.codePointAt(0) as number);
  if (output.some((c) => c >= 0x80)) throw new Error('punycode: non-ASCII before the delimiter');
  let n = 0x80;
  let i = 0;
  let bias = 72;
  for (let pos = delimiter > 0 ? delimiter + 1 : 0; pos < label.length;) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (pos >= label.length) throw new Error('punycode: truncated input');
      const c = label.charCodeAt(pos++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : BASE;
      if (digit >= BASE) throw new Error('punycode: invalid digit');
      if (digit > Math.floor((MAX_INT - i) / w)) throw new Error('punycode: overflow');
      i += digit * w;
      const t = threshold(k, bias);
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) throw new Error('punycode: overflow');
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) throw new Error('punycode: invalid code point');
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

function punycodeEncode(label: string): string {
  const input = [...label].map((c) => c.codePointAt(0) as number);
  let output = input
    .filter((c) => c < 0x80)
    .map((c) => String.fromCharCode(c))
    .join('');
  const basic = output.length;
  if (basic > 0) output += '-';
  const digit = (d: number) => String.fromCharCode(d < 26 ? 97 + d : 22 + d);
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  for (let handled = basic; handled < input.length; delta++, n++) {
    const m = Math.min(...input.filter((c) => c >= n));
    delta += (m - n) * (handled + 1);
    n = m;
    for (const c of input) {
      if (c < n) delta++;
      if (c !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = threshold(k, bias);
        if (q < t) break;
        output += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digit(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
  }
  return output;
}

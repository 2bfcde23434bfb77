/**
 * Rule 2 of redact.ts: the exact secret values of a session's own target,
 * replaced in every entry as it is serialized, whatever its kind. A server that
 * echoes the API key it was called with, an SDK error quoting a header, a stdio
 * server printing its `--token=` argument: all end up as `[redacted]`.
 */
import { isSecretHeader, isSecretName, MIN_SCRUBBED_CHARS, REDACTED, redactArgs, urlSecretValues } from './redact';
import { oauthSecrets } from './oauth';
import type { Target } from './target';

/** Top-level fields readers rely on to parse an entry; a secret never lives there. */
const STRUCTURAL_FIELDS = new Set(['kind', 'state', 'seq', 'at', 'sessionId']);

/** The values summarizeTarget hides for this target, as typed and decoded. */
export function targetSecrets(target: Target): string[] {
  const values: string[] = [];
  if (target.transport === 'stdio') {
    for (const [name, value] of Object.entries(target.env)) if (isSecretName(name)) values.push(value);
    const shown = redactArgs(target.args);
    target.args.forEach((arg, i) => {
      const name = arg.slice(0, arg.indexOf('=') + 1);
      if (shown[i] === REDACTED) values.push(arg);
      else if (name && shown[i] === `${name}${REDACTED}`) values.push(arg.slice(name.length));
      else if (shown[i] !== arg) values.push(...urlSecretValues(arg));
    });
  } else {
    values.push(...urlSecretValues(target.url));
    for (const [name, value] of Object.entries(target.headers)) {
      if (!isSecretHeader(name)) continue;
      // `Bearer abc…`: a server may echo the credential without its scheme.
      const credential = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
      values.push(value, ...(credential ? [credential] : []));
    }
    values.push(...oauthSecrets(target.oauth));
  }
  return [...new Set(values.filter((value) => value.length >= MIN_SCRUBBED_CHARS))];
}

/** Turns one serialized entry into the same entry without the secrets. */
export type JsonScrubber = (json: string) => string;

/**
 * A scrubber for these secrets, or undefined when there are none (then entries
 * are not even looked at). An entry without a secret costs one substring search
 * per secret form and comes back as the same string; only an entry that holds
 * one is parsed, cleaned string by string (so its JSON stays valid) and written again.
 */
export function secretScrubber(secrets: string[]): JsonScrubber | undefined {
  // Longest first, so `user:password` goes whole before `password` alone.
  const values = [...new Set(secrets.flatMap((secret) => [secret, encodeURIComponentSafe(secret)]))]
    .filter((value) => value.length >= MIN_SCRUBBED_CHARS)
    .sort((a, b) => b.length - a.length);
  if (values.length === 0) return undefined;
  // In JSON text a secret with a quote, a backslash or a control character appears escaped.
  const needles = [...new Set(values.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]))];
  const scrubText = (text: string) => values.reduce((out, value) => (out.includes(value) ? out.split(value).join(REDACTED) : out), text);
  return function scrubSecrets(json) {
    if (!needles.some((needle) => json.includes(needle))) return json;
    try {
      return JSON.stringify(scrubValue(JSON.parse(json), scrubText, true));
    } catch {
      // Not JSON, or nested past the stack: replacing the text itself still keeps the secret out.
      return needles.reduce((out, needle) => out.split(needle).join(REDACTED), json);
    }
  };
}

function scrubValue(value: unknown, scrubText: (text: string) => string, isTopLevel = false): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, scrubText));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[isTopLevel && STRUCTURAL_FIELDS.has(key) ? key : scrubText(key)] = isTopLevel && STRUCTURAL_FIELDS.has(key) ? item : scrubValue(item, scrubText);
  }
  return out;
}

function encodeURIComponentSafe(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded; then it cannot appear encoded either.
    return text;
  }
}

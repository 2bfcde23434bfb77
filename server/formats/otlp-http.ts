/**
 * One OTLP/HTTP export request (JSON), sent the way OTLP's exporters send it, and settled within a
 * bound whatever the collector does:
 * - the configuration OpenTelemetry's exporters read from the environment, so a collector set up for
 *   them is reached the same way: headers from OTEL_EXPORTER_OTLP_HEADERS, then
 *   OTEL_EXPORTER_OTLP_TRACES_HEADERS (`key=value,...`, values percent-decoded), gzip when
 *   OTEL_EXPORTER_OTLP_[TRACES_]COMPRESSION is `gzip`, and for https the PEM files of
 *   OTEL_EXPORTER_OTLP_[TRACES_]CERTIFICATE, CLIENT_CERTIFICATE and CLIENT_KEY (the URL is the
 *   command's `--otlp`, so the endpoint and timeout variables are not read);
 * - OTLP/HTTP's retries: 429, 502, 503 and 504, and a connection refused or reset, are tried again
 *   after the collector's Retry-After or a backoff (1 s, then ×1.5 up to 5 s, ±20 %), at most 5 times,
 *   and never when the wait would end past the bound;
 * - the bound: the request in flight is destroyed at `boundMs`, and nothing is left open after it.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
// https's options are http's and TLS's: the CA and client certificate an https collector may need.
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { gzipSync } from 'node:zlib';
import { VERSION } from '../version';
import { TracesNotSent } from './otlp-not-sent';

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const RETRYABLE_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const MAX_RETRIES = 5;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 5000;
/** How much of a refusal's body the line quotes. */
const ANSWER_CHARS = 200;

type Env = Record<string, string | undefined>;
type Outcome = { ok: true } | { ok: false; retry: boolean; retryAfterMs?: number; why: string };

/** Posts `json` (an export request of `spanCount` spans) to `url`; rejects with TracesNotSent saying why it did not go. */
export async function postOtlp(url: string, json: string, spanCount: number, boundMs: number, env: Env = process.env): Promise<void> {
  const deadline = Date.now() + boundMs;
  const late = `the collector did not take them within ${boundMs / 1000} s`;
  let options: RequestOptions;
  let body: Buffer;
  try {
    const gzip = setting(env, 'COMPRESSION') === 'gzip';
    body = gzip ? gzipSync(json) : Buffer.from(json);
    options = {
      method: 'POST',
      agent: false,
      headers: {
        'user-agent': `elicitation-inspector/${VERSION}`,
        ...configuredHeaders(env),
        'content-type': 'application/json',
        'content-length': body.length,
        ...(gzip && { 'content-encoding': 'gzip' }),
      },
      ...(url.startsWith('https:') && tlsFiles(env)),
    };
  } catch (error) {
    throw new TracesNotSent((error as Error).message, spanCount);
  }
  let backoff = FIRST_BACKOFF_MS;
  for (let retries = 0; ; retries++) {
    const outcome = await attempt(url, options, body, deadline - Date.now(), late);
    if (outcome.ok) return;
    const wait = outcome.retryAfterMs ?? Math.min(backoff * (0.8 + Math.random() * 0.4), MAX_BACKOFF_MS);
    backoff *= 1.5;
    if (!outcome.retry || retries === MAX_RETRIES || wait >= deadline - Date.now()) throw new TracesNotSent(outcome.why, spanCount);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function attempt(url: string, options: RequestOptions, body: Buffer, timeoutMs: number, late: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = send(url, options, (response) => {
      const status = response.statusCode ?? 0;
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (answer.length < ANSWER_CHARS) answer += chunk;
      });
      response.on('end', () => {
        clearTimeout(timer);
        if (status >= 200 && status < 300) return resolve({ ok: true });
        const retryAfterMs = RETRYABLE_STATUSES.has(status) ? retryAfter(response.headers['retry-after']) : undefined;
        resolve({
          ok: false,
          retry: RETRYABLE_STATUSES.has(status),
          ...(retryAfterMs !== undefined && { retryAfterMs }),
          why: refusal(status, response.statusMessage, answer),
        });
      });
    });
    const timer = setTimeout(
      () => {
        request.destroy();
        resolve({ ok: false, retry: false, why: late });
      },
      Math.max(timeoutMs, 0),
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ ok: false, retry: RETRYABLE_ERRORS.has(error.code ?? ''), why: error.message });
    });
    request.end(body);
  });
}

/** "the collector answered 400 Bad Request: <the start of its body>", on one line. */
function refusal(status: number, statusMessage: string | undefined, answer: string): string {
  const said = answer
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, ANSWER_CHARS);
  return `the collector answered ${status}${statusMessage ? ` ${statusMessage}` : ''}${said ? `: ${said}` : ''}`;
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when it is neither. */
function retryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(at - Date.now(), 0);
}

/** The traces exporter's setting: the signal's own variable first, then the one for every signal. */
function setting(env: Env, name: string): string | undefined {
  return (env[`OTEL_EXPORTER_OTLP_TRACES_${name}`] ?? env[`OTEL_EXPORTER_OTLP_${name}`])?.trim() || undefined;
}

/** OTEL_EXPORTER_OTLP_HEADERS, then the traces' own over it: `key=value` pairs split at commas, values percent-decoded. */
export function configuredHeaders(env: Env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const list of [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS]) {
    for (const pair of (list ?? '').split(',')) {
      const at = pair.indexOf('=');
      const key = pair.slice(0, at).trim().toLowerCase();
      if (at < 1 || !key) continue;
      let value = pair.slice(at + 1).trim();
      try {
        value = decodeURIComponent(value);
      } catch {
        // Kept as written: the exporters' own parsers do not refuse a value over a stray '%'.
      }
      headers[key] = value;
    }
  }
  return headers;
}

function tlsFiles(env: Env): Pick<RequestOptions, 'ca' | 'cert' | 'key'> {
  const read = (name: string) => {
    const path = setting(env, name);
    return path === undefined ? undefined : readFileSync(path);
  };
  const [ca, cert, key] = [read('CERTIFICATE'), read('CLIENT_CERTIFICATE'), read('CLIENT_KEY')];
  return { ...(ca && { ca }), ...(cert && { cert }), ...(key && { key }) };
}

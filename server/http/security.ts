import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { WireFailure } from '../wire/errors';
import { WS_TOKEN_PREFIX } from '../wire/protocol';

export const TOKEN_ENV = 'ELICITATION_INSPECTOR_TOKEN';

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Constant-time comparison; hashing first makes the lengths equal. */
export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export type OriginPolicy = {
  port: number;
  /** Set only with the wildcard-bind flag: any Host, but Origin must still match it. */
  anyHost: boolean;
};

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** Host header check: refuses DNS-rebinding requests that name some other host. */
export function isAllowedHost(host: string | undefined, policy: OriginPolicy): boolean {
  if (!host) return false;
  if (policy.anyHost) return true;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${policy.port}`);
}

/** Origin check: only pages served by this proxy may call it. A request without Origin is not from a page. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  if (policy.anyHost) return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${policy.port}`);
}

export function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** The token from a WebSocket handshake: it travels as a subprotocol, so it never appears in a URL. */
export function wsToken(protocolHeader: string | undefined): string | undefined {
  return protocolHeader
    ?.split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(WS_TOKEN_PREFIX))
    ?.slice(WS_TOKEN_PREFIX.length);
}

export const checkHost = (policy: () => OriginPolicy): MiddlewareHandler =>
  async function checkHost(c, next) {
    if (!isAllowedHost(c.req.header('host'), policy())) {
      throw new WireFailure('forbidden', 'Host not allowed: open the inspector at the loopback URL it printed.');
    }
    await next();
  };

export const requireToken = (token: string, policy: () => OriginPolicy): MiddlewareHandler =>
  async function requireToken(c, next) {
    if (!isAllowedOrigin(c.req.header('origin'), c.req.header('host'), policy())) {
      throw new WireFailure('forbidden', 'Origin not allowed.');
    }
    if (!tokensEqual(bearer(c.req.header('authorization')), token)) {
      throw new WireFailure('unauthorized', 'Missing or wrong token: use the URL the inspector printed at start.');
    }
    await next();
  };

/**
 * `'unsafe-eval'` is there for ajv, which compiles each JSON Schema (the server's
 * requestedSchema, a tool's inputSchema) into a validator function; ajv 8's code
 * generation escapes everything it takes from a schema. Inline scripts and any
 * other origin stay blocked. The page frames one origin, the app origin's
 * (`appOrigin`, app-origin.ts), where MCP Apps' views run; anything else frames nothing.
 */
export const securityHeaders = (appOrigin?: string): MiddlewareHandler =>
  async function securityHeaders(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    // A route that sets its own policy (a server's app, framed by the page) keeps it.
    if (c.res.headers.has('Content-Security-Policy')) return;
    c.header('X-Frame-Options', 'DENY');
    c.header(
      'Content-Security-Policy',
      `default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-eval'; frame-src ${appOrigin ?? "'none'"}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'`,
    );
  };

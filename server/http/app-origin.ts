/**
 * The app origin: a second loopback port the inspector opens beside its own (listen.ts), where
 * MCP Apps run (MCP Apps 2026-01-26, "Sandbox proxy": a web host and its sandbox MUST have
 * different origins). An app there has an origin of its own, so its storage works, and it is not
 * the inspector's: it cannot read the page, its token or its storage, and the inspector's API
 * refuses its Origin. The port serves only the sandbox proxies of open views, by their id (the
 * capability, good while the view's session is live), to a frame, under the Host check of its own port.
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { APP_VIEW_PATH, type AppViews } from '../session/apps/app-views';
import { WireFailure } from '../wire/errors';
import { sandboxDocument } from './app-sandbox';
import { onProxyError } from './errors';
import { checkHost, type OriginPolicy } from './security';

/** The app origin's request listener, for the port listen.ts opened (`port`). */
export function appOriginListener(views: AppViews, port: number): ReturnType<typeof getRequestListener> {
  return getRequestListener(appOriginApp(views, () => ({ port, anyHost: false })).fetch);
}

/** The app origin's one route, and its refusals. */
function appOriginApp(views: AppViews, policy: () => OriginPolicy): Hono {
  const app = new Hono();
  app.use('*', async function appOriginHeaders(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    if (c.res.headers.has('Content-Security-Policy')) return;
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  });
  // The same DNS-rebinding check as the inspector's own port, against this port.
  app.use('*', checkHost(policy));
  app.get(`${APP_VIEW_PATH}:id`, (c) => {
    // A browser says what it loads a document for: the sandbox is a frame's, never a page of its own.
    const destination = c.req.header('sec-fetch-dest');
    if (destination !== undefined && destination !== 'iframe') throw new WireFailure('forbidden', 'An app view is shown in the inspector’s page only.');
    const view = views.sandbox(c.req.param('id'));
    if (!view) throw new WireFailure('not-found', 'No such app view: it was never opened, it expired, or its session ended.');
    c.header('Content-Security-Policy', view.csp);
    c.header('Cross-Origin-Resource-Policy', 'same-site');
    return c.html(sandboxDocument(view.hostOrigin));
  });
  app.notFound(() => {
    throw new WireFailure('not-found', 'Not found.');
  });
  app.onError(onProxyError);
  return app;
}

/**
 * The exact origin of the page that opens a view: the Origin its socket was opened with (already
 * checked against the inspector's own), or the inspector's URL for a client that sends none.
 * Anything that is not a plain http origin falls back too: it goes into a header and a script.
 */
export function pageOrigin(origin: string | undefined, inspectorUrl: string): string {
  const fallback = new URL(inspectorUrl).origin;
  if (origin === undefined || !URL.canParse(origin)) return fallback;
  const parsed = new URL(origin);
  return parsed.protocol === 'http:' && /^http:\/\/[a-z0-9.\-[\]:]+$/.test(parsed.origin) ? parsed.origin : fallback;
}

/**
 * Why a page on `origin` cannot frame an app view, or undefined when it can. The view's CSP names
 * the page in `frame-ancestors`, and a CSP source cannot be an IPv6 address (browsers drop it, and
 * the list would allow no page at all): a page opened at `http://[::1]:<port>` is asked to use the
 * name the inspector printed instead (`localhost`, listen.ts).
 */
export function unframeablePage(origin: string): string | undefined {
  if (!new URL(origin).hostname.startsWith('[')) return undefined;
  return `A page at ${origin} cannot show an app: a Content-Security-Policy cannot name an IPv6 address, so the app's frame could not allow this page. Open it at http://localhost:${new URL(origin).port}/ (the address it printed), with the same token.`;
}

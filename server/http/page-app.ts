/**
 * The page itself: index.html, its hashed assets and the icon, behind the same Host check and
 * headers as every other route. Apart from the proxy's app (server.ts) so the page is answered as
 * soon as hono is read, while the schemas, the WebSocket and the session code are still loading.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { PACKAGE_ROOT } from '../runtime';
import { WireFailure } from '../wire/errors';
import { onProxyError } from './errors';
import { checkHost, securityHeaders, type OriginPolicy } from './security';

export const APP_DIR = join(PACKAGE_ROOT, 'dist/app/');

/** The paths this app answers; every other one is the proxy's (listen.ts sends each to its app). */
export function isPagePath(path: string): boolean {
  return path === '/' || path === '/favicon.svg' || path.startsWith('/assets/');
}

/** `appOrigin`: the second origin the page frames MCP Apps' views from (listen.ts). */
export function pageListener(policy: () => OriginPolicy, host: string, appOrigin: string): ReturnType<typeof getRequestListener> {
  const app = new Hono();
  app.use('*', securityHeaders(appOrigin));
  app.use('*', checkHost(policy));
  app.notFound(() => {
    throw new WireFailure('not-found', 'Not found.');
  });
  app.onError(onProxyError);
  app.use('/assets/*', compress());
  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite puts a content hash in every asset name, so they never change under the same URL.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Brotli copies are written at build time (scripts/precompress.ts); gzip is made by compress() above.
  app.use('/assets/*', serveStatic({ root: APP_DIR, precompressed: true }));
  app.get('/favicon.svg', serveStatic({ path: `${APP_DIR}favicon.svg` }));
  app.get('/', compress(), (c) => {
    const index = `${APP_DIR}index.html`;
    if (!existsSync(index)) {
      return c.text('The inspector page is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-store');
    return c.html(readFileSync(index, 'utf8'));
  });
  return getRequestListener(app.fetch, { hostname: host });
}

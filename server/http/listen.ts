/**
 * The port opened first, with node:http alone: the apps that answer on it are read after the
 * inspector says where it listens. The page's own (page-app.ts: index.html and its assets) is read
 * first; the proxy's (the API routes, the WebSocket and the session code under them) next. A request
 * or an upgrade that arrives before its app waits for it, so a page opened at once is answered
 * exactly as later ones are. Beside it, the app origin's port (app-origin.ts), on loopback: the
 * page's CSP names that origin as the only one it frames, so it is known before the page is served.
 * Both are named in CSPs (the page's frame-src, the sandbox's frame-ancestors), and a CSP source
 * cannot be an IPv6 address: browsers drop `http://[::1]:…` from a source list. So an origin on ::1
 * is named `localhost`, which browsers resolve to loopback themselves (::1 first).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export type ServerHandlers = {
  /** A node:http request listener (hono's answers through a promise, which handles its own errors). */
  request: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
  upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
};

export type Listening = {
  server: Server;
  port: number;
  /** Where it listens, for a client on this machine: a wildcard host shown as loopback. */
  url: string;
  /** The page's URL, which a browser opens: `url`, with ::1 named `localhost` (a CSP can name that page). */
  pageUrl: string;
  /** Hand the page's paths to the page's app; what waited is answered by it, in the order it came. */
  servePage(isPagePath: (path: string) => boolean, request: ServerHandlers['request']): void;
  /** Hand every other request, and the upgrades, to the proxy's app. */
  serve(handlers: ServerHandlers): void;
  /** The second origin MCP Apps' views are served on (`http://127.0.0.1:<port>`, `http://localhost:<port>` on ::1), and its server. */
  apps: { server: Server; origin: string; port: number; serve(request: ServerHandlers['request']): void };
};

/** A value set once, and a promise of it for what comes before. */
function later<T>(): { value?: T; promise: Promise<T>; set(value: T): void } {
  let resolve!: (value: T) => void;
  const slot: { value?: T; promise: Promise<T>; set(value: T): void } = {
    promise: new Promise<T>((r) => (resolve = r)),
    set(value) {
      slot.value = value;
      resolve(value);
    },
  };
  return slot;
}

export async function listen(host: string, port: number): Promise<Listening> {
  const page = later<{ isPagePath: (path: string) => boolean; request: ServerHandlers['request'] }>();
  const proxy = later<ServerHandlers>();
  const server = createServer((request, response) => {
    const toProxy = () => void (proxy.value ? proxy.value.request(request, response) : proxy.promise.then((h) => h.request(request, response)));
    const toPage = (p: NonNullable<typeof page.value>) => void (p.isPagePath(pathOf(request.url)) ? p.request(request, response) : toProxy());
    if (page.value) toPage(page.value);
    else void page.promise.then(toPage);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (proxy.value) return proxy.value.upgrade(request, socket, head);
    // A peer that resets while it waits must not be an unheard 'error' (the app adds its own handler).
    const ignore = () => {};
    socket.on('error', ignore);
    void proxy.promise.then((h) => {
      socket.off('error', ignore);
      h.upgrade(request, socket, head);
    });
  });
  await listenOn(server, host, port);
  const address = server.address() as AddressInfo;
  const open = address.port;
  const isWildcard = host === '0.0.0.0' || host === '::';
  const shownHost = isWildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  // The app origin stays on loopback even when the inspector binds every interface: apps are shown on this machine only.
  // Otherwise it is on the address the inspector bound (`localhost` is not looked up again: it could resolve to the other one).
  const apps = later<ServerHandlers['request']>();
  const appServer = createServer((request, response) => void (apps.value ? apps.value(request, response) : apps.promise.then((h) => h(request, response))));
  try {
    await listenOn(appServer, isWildcard ? '127.0.0.1' : address.address, 0);
  } catch (error) {
    server.close();
    throw error;
  }
  const bound = appServer.address() as AddressInfo;
  return {
    server,
    port: open,
    url: `http://${shownHost}:${open}/`,
    pageUrl: `http://${isWildcard || address.family !== 'IPv6' ? shownHost : 'localhost'}:${open}/`,
    servePage: (isPagePath, request) => page.set({ isPagePath, request }),
    serve: (handlers) => proxy.set(handlers),
    apps: {
      server: appServer,
      port: bound.port,
      origin: `http://${cspHost(bound)}:${bound.port}`,
      serve: (request) => apps.set(request),
    },
  };
}

/** A bound loopback address as a CSP source can name it: ::1 as `localhost`, an IPv4 address as itself. */
function cspHost(bound: AddressInfo): string {
  return bound.family === 'IPv6' ? 'localhost' : bound.address;
}

function listenOn(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0];
  if (path.startsWith('/')) return path;
  // The absolute form (`GET http://host/path`); anything unreadable goes to the proxy's app, which refuses it.
  return URL.canParse(path) ? new URL(path).pathname : path;
}

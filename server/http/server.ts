import { createReadStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { formatMiB, MAX_IMPORT_BYTES } from '../wire/limits';
import { SessionFileError } from '../store/session-file';
import type { SessionRegistry } from '../registry/session-registry';
import { WireFailure } from '../wire/errors';
import { CALLBACK_PATH } from '../auth/callbacks';
import { appOriginListener } from './app-origin';
import { auditRoutes } from './audit-routes';
import { onProxyError } from './errors';
import { oauthCallback } from './oauth-callback';
import { checkHost, requireToken, securityHeaders, type OriginPolicy } from './security';
import type { Listening } from './listen';
import { webSocketUpgrades } from './socket';
import { tools } from './tools';

export type ProxyServerOptions = {
  registry: SessionRegistry;
  token: string;
  host: string;
  /** The wildcard-bind escape hatch: accept any Host header (Origin must still match it). */
  allowAnyHost: boolean;
  version: string;
  onClientCount?: (count: number) => void;
};

export type ProxyServer = {
  port: number;
  url: string;
  close(): Promise<void>;
  clientCount(): number;
};

/** The proxy's app (every route but the page's, page-app.ts) on a port that `listen` opened: it answers what waited, and everything after. */
export function serveProxy(listening: Listening, options: ProxyServerOptions): ProxyServer {
  const { server, port, url } = listening;
  const policy = (): OriginPolicy => ({ port, anyHost: options.allowAnyHost });
  const app = new Hono();

  app.use('*', securityHeaders());
  app.use('*', checkHost(policy));
  app.use('/api/*', requireToken(options.token, policy));
  app.get(CALLBACK_PATH, oauthCallback());
  app.get('/api/health', (c) => c.json({ ok: true, version: options.version, sessions: options.registry.list().length }));

  /** The whole session file, as recorded: for scripts and bug reports (the page exports filtered views itself). */
  app.get('/api/sessions/:id/export', (c) => {
    const id = c.req.param('id');
    const path = options.registry.filePath(id);
    if (!path || !existsSync(path)) throw new WireFailure('not-found', `No session file for ${id}.`);
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="session-${id}.jsonl"`);
    // A live session's file keeps growing: send what it holds now, exactly.
    const size = statSync(path).size;
    c.header('Content-Length', String(size));
    return c.body(Readable.toWeb(createReadStream(path, { start: 0, end: Math.max(0, size - 1) })) as ReadableStream);
  });

  /** The session file as a Playwright test that repeats its calls and answers (server/export/export-spec.ts). */
  app.get('/api/sessions/:id/export-spec', async (c) => {
    const id = c.req.param('id');
    const path = options.registry.filePath(id);
    if (!path || !existsSync(path)) throw new WireFailure('not-found', `No session file for ${id}.`);
    const { exportSpec, readSessionForExport } = await tools.exportSpec();
    let source: string;
    try {
      source = exportSpec(await readSessionForExport(path, { isBeingWritten: options.registry.isBeingWritten(id) }));
    } catch (error) {
      if (error instanceof SessionFileError) throw new WireFailure('invalid-file', error.message, { line: error.line });
      throw error;
    }
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="session-${id.slice(0, 8)}.spec.ts"`);
    return c.body(source);
  });

  /** The session in a format other tools open (server/formats/session-exports.ts): `har`. */
  app.get('/api/sessions/:id/export-as/:format', async (c) => {
    const id = c.req.param('id');
    const format = c.req.param('format');
    // Loaded on the first export: the OpenTelemetry SDK is not on the path to the proxy's first answer.
    const { EXPORT_FORMATS, exportSessionFile, isExportFormat } = await tools.sessionExports();
    if (!isExportFormat(format)) throw new WireFailure('not-found', `No export format "${format}": ${Object.keys(EXPORT_FORMATS).join(', ')}.`);
    const path = options.registry.filePath(id);
    if (!path || !existsSync(path)) throw new WireFailure('not-found', `No session file for ${id}.`);
    let text: string;
    try {
      text = await exportSessionFile(path, format, { isBeingWritten: options.registry.isBeingWritten(id) });
    } catch (error) {
      if (error instanceof SessionFileError) throw new WireFailure('invalid-file', error.message, { line: error.line });
      throw error;
    }
    c.header('Content-Type', EXPORT_FORMATS[format].contentType);
    c.header('Content-Disposition', `attachment; filename="session-${id.slice(0, 8)}.${EXPORT_FORMATS[format].extension}"`);
    return c.body(text);
  });

  /** Two sessions compared call by call, as `diff` compares two files (server/formats/diff-files.ts): the page's diff view. */
  app.get('/api/sessions/:a/diff/:b', async (c) => {
    const [a, b] = [c.req.param('a'), c.req.param('b')];
    const threshold = c.req.query('timeThreshold');
    const timeThresholdMs = threshold === undefined ? undefined : Number(threshold);
    if (timeThresholdMs !== undefined && (!Number.isFinite(timeThresholdMs) || timeThresholdMs < 0))
      throw new WireFailure('invalid-command', `timeThreshold must be a number of ms, not "${threshold}".`);
    const file = (id: string) => {
      const path = options.registry.filePath(id);
      if (!path || !existsSync(path)) throw new WireFailure('not-found', `No session file for ${id}.`);
      return { path, source: id, isBeingWritten: options.registry.isBeingWritten(id) };
    };
    const { diffSessionFiles } = await tools.diffFiles();
    try {
      return c.json(await diffSessionFiles(file(a), file(b), timeThresholdMs));
    } catch (error) {
      if (error instanceof SessionFileError) throw new WireFailure('invalid-file', error.message, { line: error.line });
      throw error;
    }
  });

  /** Import a session file (JSONL body). It is checked line by line; a bad file changes nothing. */
  app.post('/api/sessions/import', async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_IMPORT_BYTES) {
      throw new WireFailure('invalid-file', `The file is ${formatMiB(length)}; the inspector imports files of up to ${formatMiB(MAX_IMPORT_BYTES)}.`, {
        limitBytes: MAX_IMPORT_BYTES,
      });
    }
    const body = c.req.raw.body;
    if (!body) throw new WireFailure('invalid-file', 'The file is empty.');
    try {
      const session = await options.registry.importFile(Readable.fromWeb(body as never));
      return c.json({ sessionId: session.sessionId, eventCount: session.lastSeq });
    } catch (error) {
      if (error instanceof SessionFileError) throw new WireFailure('invalid-file', error.message, { line: error.line });
      throw error;
    }
  });
  const audits = auditRoutes(app, options.registry);
  app.notFound(() => {
    throw new WireFailure('not-found', 'Not found.');
  });
  app.onError(onProxyError);

  // SEP-3118: app views run on the second loopback origin listen.ts opened (app-origin.ts).
  listening.apps.serve(appOriginListener(options.registry.appViews, listening.apps.port));
  const sockets = webSocketUpgrades({
    registry: options.registry,
    token: options.token,
    policy,
    url: listening.pageUrl,
    appOrigin: listening.apps.origin,
    version: options.version,
    onClientCount: options.onClientCount,
  });
  listening.serve({ request: getRequestListener(app.fetch, { hostname: options.host }), upgrade: sockets.upgrade });
  return {
    port,
    url,
    clientCount: () => sockets.clientCount(),
    close: () =>
      new Promise<void>((resolve) => {
        void audits.close();
        listening.apps.server.close();
        listening.apps.server.closeAllConnections();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

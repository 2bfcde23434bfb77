/**
 * An MCP server behind OAuth 2.1, with its own authorization server, both on
 * one loopback port and both on the classic SDK's pieces (auth router, bearer
 * middleware; the provider is ./oauth-authority.ts). The MCP endpoint is /mcp;
 * the legacy SSE endpoint is /mcp/sse (messages to /mcp/messages), under the
 * same protected resource, so one sign-in covers both. Its tools: `whoami` (the scopes of the token), `ask_name` (a form
 * elicitation), `admin_report` (needs scope mcp:admin: a 403 insufficient_scope
 * until the client steps up). Prints LOOPBACK_PORT=n.
 *
 * Switches: --consent (a consent page with Approve, instead of approving at
 * once), --no-metadata (no OAuth metadata anywhere), --no-resource-metadata (as a
 * 2025-03-26 server: authorization-server metadata only),
 * --refuse-registration, --token-life-s N (short-lived tokens, to see a
 * refresh), --withhold-admin (never grants mcp:admin, so step-up fails).
 * Test hooks: GET /test/secrets, GET /test/stats, POST /test/revoke-all.
 * Pre-registered clients: `pre-client`/`pre-secret` (authorization code,
 * any loopback redirect) and `m2m-client`/`m2m-secret` (client_credentials).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Authority } from './oauth-authority';

const flag = (name: string) => process.argv.includes(name);
const tokenLifeS = Number(process.argv[process.argv.indexOf('--token-life-s') + 1]) || 3600;
const hasMetadata = !flag('--no-metadata');
const authority = new Authority({ tokenLifeS, isConsentPage: flag('--consent'), withheldScopes: flag('--withhold-admin') ? ['mcp:admin'] : [] });
authority.preRegister({
  client_id: 'pre-client',
  client_secret: 'pre-secret',
  redirect_uris: ['http://127.0.0.1/oauth/callback'],
  token_endpoint_auth_method: 'client_secret_post',
});
authority.preRegister({ client_id: 'm2m-client', client_secret: 'm2m-secret', redirect_uris: [], grant_types: ['client_credentials'] });

function buildMcp(): McpServer {
  const server = new McpServer({ name: 'oauth-protected', version: '1.0.0' });
  server.registerTool('whoami', { description: 'The scopes your token carries.', inputSchema: {} }, async (_args, extra) => ({
    content: [{ type: 'text', text: `scopes: ${extra.authInfo?.scopes.join(' ') || '(none)'}` }],
  }));
  server.registerTool('ask_name', { description: 'Asks for your name (a form).', inputSchema: {} }, async () => {
    const result = await server.server.elicitInput({
      mode: 'form',
      message: 'Who is signed in?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
    });
    return { content: [{ type: 'text', text: `ask_name: ${JSON.stringify(result)}` }] };
  });
  server.registerTool('admin_report', { description: 'Needs the mcp:admin scope.', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'admin report: all well' }],
  }));
  return server;
}

const http = createServer();
http.listen(0, '127.0.0.1', () => {
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', origin);
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));

  app.get('/test/secrets', (_req, res) => void res.json([...authority.seenSecrets]));
  app.get('/test/stats', (_req, res) => void res.json({ refreshCount: authority.refreshCount }));
  app.post('/test/revoke-all', (_req, res) => {
    authority.revokeAll();
    res.json({ ok: true });
  });
  app.post('/consent', (req, res) => {
    const redirect = authority.approve(String(req.body?.consent ?? ''));
    if (redirect) res.redirect(redirect);
    else res.status(400).send('unknown consent');
  });
  // No metadata anywhere: neither the resource's nor, as a 2025-03-26 server would have, the authorization server's.
  if (!hasMetadata) app.use((req, res, next) => (req.path.startsWith('/.well-known/') ? void res.status(404).send('none') : next()));
  // A 2025-03-26 server: its own authorization server, with no protected-resource metadata.
  if (flag('--no-resource-metadata')) app.use('/.well-known/oauth-protected-resource', (_req, res) => void res.status(404).send('none'));
  if (flag('--refuse-registration')) {
    app.post(
      '/register',
      (_req, res) => void res.status(400).json({ error: 'invalid_client_metadata', error_description: 'Registration is closed on this server.' }),
    );
  }
  app.post('/token', (req: Request, res: Response, next: NextFunction) => {
    // The classic SDK's token route grants no client_credentials: this server does it here.
    if (req.body?.grant_type !== 'client_credentials') return next();
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /i, ''), 'base64').toString();
    const [id, key] = basic.includes(':') ? basic.split(':').map(decodeURIComponent) : [req.body.client_id, req.body.client_secret];
    if (id !== 'm2m-client' || key !== 'm2m-secret')
      return void res.status(401).json({ error: 'invalid_client', error_description: 'Unknown client or wrong secret.' });
    res.json(authority.issueForClient(id, String(req.body.scope ?? 'mcp:tools').split(' ')));
  });
  app.use(
    mcpAuthRouter({
      provider: authority,
      issuerUrl: new URL(origin),
      resourceServerUrl: mcpUrl,
      scopesSupported: ['mcp:tools', 'mcp:admin'],
      authorizationOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      revocationOptions: { rateLimit: false },
    }),
  );

  const transports = new Map<string, StreamableHTTPServerTransport>();
  const bearer = requireBearerAuth({ verifier: authority, requiredScopes: ['mcp:tools'], ...(hasMetadata && { resourceMetadataUrl: metadataUrl }) });
  app.all('/mcp', bearer, async (req: Request, res: Response) => {
    const messages: unknown[] = Array.isArray(req.body) ? req.body : [req.body];
    const wantsAdmin = messages.some((m) => JSON.stringify(m ?? {}).includes('"admin_report"'));
    if (wantsAdmin && !req.auth?.scopes.includes('mcp:admin')) {
      const resourceMetadata = hasMetadata ? `, resource_metadata="${metadataUrl}"` : '';
      res.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="mcp:tools mcp:admin"${resourceMetadata}`);
      return void res.status(403).json({ error: 'insufficient_scope', error_description: 'admin_report needs mcp:admin' });
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void transports.set(id, transport!) });
      await buildMcp().connect(transport);
    }
    await transport.handleRequest(req, res, req.body);
  });

  const sseTransports = new Map<string, SSEServerTransport>();
  app.get('/mcp/sse', bearer, async (_req: Request, res: Response) => {
    const transport = new SSEServerTransport('/mcp/messages', res);
    sseTransports.set(transport.sessionId, transport);
    res.on('close', () => sseTransports.delete(transport.sessionId));
    await buildMcp().connect(transport);
  });
  app.post('/mcp/messages', bearer, async (req: Request, res: Response) => {
    const sessionId = req.query.sessionId;
    const transport = typeof sessionId === 'string' ? sseTransports.get(sessionId) : undefined;
    if (!transport) return void res.status(404).send('no session');
    // express.json() has read the body already: hand it over parsed.
    await transport.handlePostMessage(req, res, req.body);
  });
  http.on('request', app);
  process.stderr.write(`LOOPBACK_PORT=${(http.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => process.exit(0));

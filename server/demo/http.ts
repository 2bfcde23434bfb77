/**
 * Entry point: the demo server over Streamable HTTP on loopback, both eras on
 * one endpoint. 2026-07-28 requests go to the SDK's stateless entry; 2025
 * requests to a sessionful legacy transport, because the SDK's stateless
 * legacy fallback cannot send server-to-client requests (no elicitation).
 *
 *   npm run demo:http -- --port 3931      →  http://127.0.0.1:3931/mcp
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { ConsentSite } from './consent-site';
import { createDemoServer } from './demo-server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3931' } } });
const site = new ConsentSite();
const modern = createMcpHandler(({ era }) => createDemoServer({ era, site }), { legacy: 'reject' });
const legacySessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

async function serveLegacy(request: Request, parsedBody: unknown): Promise<Response> {
  const sessionId = request.headers.get('mcp-session-id');
  if (sessionId) {
    const transport = legacySessions.get(sessionId);
    if (!transport)
      return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    return transport.handleRequest(request, { parsedBody });
  }
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void legacySessions.set(id, transport),
    onsessionclosed: (id) => void legacySessions.delete(id),
  });
  await createDemoServer({ era: 'legacy', site }).connect(transport);
  return transport.handleRequest(request, { parsedBody });
}

const server = serve(
  {
    hostname: '127.0.0.1',
    port: Number(values.port),
    fetch: async (request) => {
      if (new URL(request.url).pathname !== '/mcp') return new Response('Not found: the endpoint is /mcp', { status: 404 });
      let parsedBody: unknown;
      if (request.method === 'POST') {
        try {
          parsedBody = await request.clone().json();
        } catch {
          // Not JSON: both legs answer that themselves.
        }
      }
      return (await isLegacyRequest(request, parsedBody)) ? serveLegacy(request, parsedBody) : modern.fetch(request, { parsedBody });
    },
  },
  (info) => {
    process.stderr.write(`LOOPBACK_PORT=${info.port}\n`);
    process.stdout.write(`Demo MCP server (Streamable HTTP, 2025-06-18 to 2026-07-28) on http://127.0.0.1:${info.port}/mcp\n`);
  },
);
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

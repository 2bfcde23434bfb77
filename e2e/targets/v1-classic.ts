/**
 * A server on the classic SDK (@modelcontextprotocol/sdk 1.x), as most servers in
 * the wild are: a form with server-side validation, and a URL flow with its
 * completion notification. stdio by default; `--sse` serves legacy SSE on
 * loopback and prints LOOPBACK_PORT=n.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

function build(): McpServer {
  const server = new McpServer({ name: 'v1-classic', version: '1.32.2' });
  server.registerTool('ask_form', { description: 'Asks for an email and a count (classic SDK validates the answer).', inputSchema: {} }, async () => {
    const result = await server.server.elicitInput({
      mode: 'form',
      message: 'Classic SDK form',
      requestedSchema: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email', title: 'Email' },
          count: { type: 'integer', minimum: 1, maximum: 5, title: 'Count', default: 3 },
        },
        required: ['email'],
      },
    });
    return { content: [{ type: 'text', text: `ask_form: ${JSON.stringify(result)}` }] };
  });
  server.registerTool(
    'ask_url',
    { description: 'A URL flow that reports completion a moment after consent.', inputSchema: { delayMs: z.number().default(200) } },
    async ({ delayMs }) => {
      const elicitationId = `v1-${Date.now()}`;
      const notify = server.server.createElicitationCompletionNotifier(elicitationId);
      const result = await server.server.elicitInput({
        mode: 'url',
        message: 'Authorize the classic server',
        url: 'https://example.com/classic/authorize',
        elicitationId,
      });
      if (result.action === 'accept') setTimeout(() => void notify(), delayMs);
      return { content: [{ type: 'text', text: `ask_url: ${result.action} ${elicitationId}` }] };
    },
  );
  return server;
}

if (process.argv.includes('--sse')) {
  const transports = new Map<string, SSEServerTransport>();
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      res.on('close', () => transports.delete(transport.sessionId));
      await build().connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const transport = transports.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end('no session');
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  };
  const http = createServer((req, res) => void serve(req, res).catch((error: unknown) => res.writeHead(500).end(String(error))));
  http.listen(0, '127.0.0.1', () => process.stderr.write(`LOOPBACK_PORT=${(http.address() as AddressInfo).port}\n`));
  process.on('SIGTERM', () => process.exit(0));
} else {
  await build().connect(new StdioServerTransport());
}

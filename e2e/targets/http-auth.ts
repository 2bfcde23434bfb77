/**
 * Streamable HTTP on loopback that demands `Authorization: Bearer secret-token`
 * and answers 401 otherwise. Prints LOOPBACK_PORT=n once listening.
 */
import { serve } from '@hono/node-server';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'http-auth', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Says who you are.', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: 'you hold the token' }],
  }));
  return server;
});

const server = serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) => {
      if (request.headers.get('authorization') !== 'Bearer secret-token') {
        return new Response(JSON.stringify({ error: 'unauthorized' }), {
          status: 401,
          headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
        });
      }
      return handler.fetch(request);
    },
  },
  (info) => process.stderr.write(`LOOPBACK_PORT=${info.port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * A server that repeats the secrets it was reached with, everywhere it can: in
 * its title (the sessions list shows it), its instructions, a tool result, a tool
 * error, a response header that carries a URL, and (over stdio) on stderr. The
 * inspector must keep every one of them out of what it writes and shows.
 *
 *   echo-secrets.ts --http          Streamable HTTP on loopback; prints LOOPBACK_PORT=n
 *   echo-secrets.ts [args…]         stdio; echoes its arguments and $API_TOKEN
 */
import { serve } from '@hono/node-server';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

let heard = `arguments ${process.argv.slice(2).join(' ')}; API_TOKEN=${process.env.API_TOKEN ?? ''}`;

function createServer(): McpServer {
  const server = new McpServer({ name: 'echo-secrets', title: `Echo secrets (${heard})`, version: '1.0.0' }, { instructions: `Reached with ${heard}` });
  server.registerTool('repeat_secrets', { description: 'Says what the request carried.', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: `You called with ${heard}` }],
  }));
  server.registerTool('fail_with_secrets', { description: 'Throws an error that quotes the request.', inputSchema: z.object({}) }, async () => {
    throw new Error(`Refusing ${heard}`);
  });
  return server;
}

if (process.argv.includes('--http')) {
  const handler = createMcpHandler(() => createServer());
  const server = serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      fetch: async (request) => {
        heard = `${request.url} and authorization ${request.headers.get('authorization') ?? 'none'}`;
        const response = await handler.fetch(request);
        const headers = new Headers(response.headers);
        headers.set('content-location', request.url);
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      },
    },
    (info) => process.stderr.write(`LOOPBACK_PORT=${info.port}\n`),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  process.stderr.write(`echo-secrets: started with ${heard}\n`);
  serveStdio(() => createServer());
}

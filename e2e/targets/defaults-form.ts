/**
 * Streamable HTTP on loopback with one tool that asks for a form whose every
 * field has a default, and answers with the content it got: a client that
 * applies the defaults (SEP-1034) sends them all. Prints LOOPBACK_PORT=n.
 */
import { serve } from '@hono/node-server';
import { createMcpHandler, inputRequired, inputResponse, McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'Ada' },
    age: { type: 'integer', default: 36 },
    ratio: { type: 'number', default: 0.5 },
    tier: { type: 'string', enum: ['free', 'pro'], default: 'pro' },
    isVerified: { type: 'boolean', default: true },
  },
} as ElicitRequestFormParams['requestedSchema'];

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'defaults-form', version: '1.0.0' });
  server.registerTool('ask_with_defaults', { description: 'Asks for a form with defaults.', inputSchema: z.object({}) }, async (_args, ctx) => {
    // inputRequired on both eras: the SDK sends it as an elicitation/create request to a 2025 client.
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'form');
    if (answer.kind === 'missing')
      return inputRequired({ inputRequests: { form: inputRequired.elicit({ message: 'Accept the defaults, please.', requestedSchema: SCHEMA }) } });
    const received = answer.kind === 'elicit' ? `${answer.action} ${JSON.stringify(answer.content ?? {})}` : answer.kind;
    // Tests read what the client sent from here: the server side is where the conformance suite checks it too.
    process.stderr.write(`RECEIVED ${received}\n`);
    return { content: [{ type: 'text', text: received }] };
  });
  return server;
});

const server = serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => handler.fetch(request) }, (info) =>
  process.stderr.write(`LOOPBACK_PORT=${info.port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * A server that breaks on what comes back, three ways: it exits when the
 * required name is missing, it never answers a cancelled form, and it returns
 * an error's stack when the count is not a number. It announces its pid on
 * stderr, so a test can check that none is left behind.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

process.stderr.write(`audit-fragile: pid ${process.pid}\n`);

serveStdio(() => {
  const server = new McpServer({ name: 'audit-fragile', version: '1.0.0' });
  server.registerTool('fragile_signup', { description: 'Asks a name and a count; breaks on odd answers.', inputSchema: z.object({}) }, async (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'who');
    if (answer.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          who: inputRequired.elicit({
            message: 'Name and count?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', title: 'Name' }, count: { type: 'integer', title: 'Count', minimum: 1, maximum: 9 } },
              required: ['name'],
            },
          }),
        },
      });
    }
    if (answer.kind !== 'elicit') return { content: [{ type: 'text', text: 'fragile_signup: no form answer' }], isError: true };
    if (answer.action === 'cancel') return new Promise<never>(() => {});
    const content = answer.content ?? {};
    if (answer.action === 'accept' && content.name === undefined) process.exit(3);
    try {
      if (content.count !== undefined && typeof content.count !== 'number') throw new TypeError(`count is ${typeof content.count}`);
    } catch (error) {
      return { content: [{ type: 'text', text: (error as Error).stack ?? String(error) }], isError: true };
    }
    return { content: [{ type: 'text', text: `fragile_signup: ${String(content.name)}, count ${String(content.count ?? 1)}` }] };
  });
  return server;
});

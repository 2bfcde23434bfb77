/**
 * Asks for a name and greets it with $GREETING ("Hello" when unset): the same server
 * with a different answer, for tests that must notice a changed result.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const greeting = process.env.GREETING ?? 'Hello';

serveStdio(() => {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool(
    'greet',
    { description: 'Asks your name, then greets you.', inputSchema: z.object({ punctuation: z.string().default('!') }) },
    async ({ punctuation }, ctx) => {
      const who = inputResponse(ctx.mcpReq.inputResponses, 'who');
      if (who.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            who: inputRequired.elicit({
              message: 'Who are you?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
            }),
          },
        });
      }
      const name = who.kind === 'elicit' && who.action === 'accept' ? String(who.content?.name) : 'stranger';
      return { content: [{ type: 'text', text: `${greeting}, ${name}${punctuation}` }] };
    },
  );
  return server;
});

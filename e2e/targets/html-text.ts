/** A server whose text is full of HTML, to prove the inspector renders server text as text. */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

export const HTML = '<img src=x onerror="window.__pwned=1"><b>bold</b><script>window.__pwned=2</script>';

serveStdio(() => {
  const server = new McpServer({ name: 'html<b>server</b>', version: '1.0.0' });
  server.registerTool('html_everywhere', { description: `Description with ${HTML}`, inputSchema: z.object({}) }, async (_args, ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'html');
    if (view.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          html: inputRequired.elicit({
            message: `Message with ${HTML}`,
            requestedSchema: {
              type: 'object',
              properties: {
                field: { type: 'string', title: `Title ${HTML}`, description: `Help ${HTML}` },
                choice: { type: 'string', oneOf: [{ const: 'a', title: `Option ${HTML}` }] },
              },
            },
          }),
        },
      });
    }
    return { content: [{ type: 'text', text: `Result ${HTML}` }] };
  });
  return server;
});

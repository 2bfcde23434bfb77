/**
 * A server whose form asks with a long message: 60,000 characters of `a` and a
 * `!`, the text a backtracking engine takes forever over with `(a+)+$`. For the
 * rule engine's hostile-input test. stdio, classic SDK.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export const LONG_MESSAGE = 'a'.repeat(60_000) + '!';

const server = new McpServer({ name: 'long-message', version: '1.0.0' });
server.registerTool('long_form', { description: 'Asks for a yes or no with a very long message.', inputSchema: {} }, async () => {
  const result = await server.server.elicitInput({
    mode: 'form',
    message: LONG_MESSAGE,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'OK' } } },
  });
  return { content: [{ type: 'text', text: `long_form: ${result.action}` }] };
});
await server.connect(new StdioServerTransport());

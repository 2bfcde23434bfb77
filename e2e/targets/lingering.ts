/**
 * A server with work of its own (a timer, as a cache refresh would keep): it does not exit when
 * its stdin closes, only when signalled, as many real servers do. Its `ask` tool asks for a name.
 * For the tap's findings on a host that closed while a question was open. stdio, classic SDK.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'lingering', version: '1.0.0' });
server.registerTool('ask', { description: 'Asks for a name.', inputSchema: {} }, async () => {
  const result = await server.server.elicitInput({
    mode: 'form',
    message: 'Your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
  });
  return { content: [{ type: 'text', text: `ask: ${result.action}` }] };
});
setInterval(() => {}, 60_000);
await server.connect(new StdioServerTransport());

/**
 * A server with work of its own (a timer, as a cache refresh would keep): it does not exit when
 * its stdin closes, only when signalled, as many real servers do, and says so on stderr then. Its
 * `ask` tool asks for a name, `hello` answers at once. For the tap's findings on a host that closed
 * while a question was open, and its traces sent before the server is gone. stdio, classic SDK.
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
server.registerTool('hello', { description: 'Answers at once.', inputSchema: {} }, () => ({ content: [{ type: 'text', text: 'hello' }] }));
setInterval(() => {}, 60_000);
process.on('SIGTERM', () => {
  process.stderr.write('lingering: stopped by SIGTERM\n');
  process.exit(0);
});
await server.connect(new StdioServerTransport());

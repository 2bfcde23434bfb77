/** A server that dies in the middle of a session: its `die` tool exits the process with code 7. */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

serveStdio(() => {
  const server = new McpServer({ name: 'exit-after-call', version: '1.0.0' });
  server.registerTool('die', { description: 'Exits the server process with code 7.', inputSchema: z.object({}) }, async () => {
    process.stderr.write('exit-after-call: exiting with code 7\n');
    setTimeout(() => process.exit(7), 10);
    return { content: [{ type: 'text', text: 'bye' }] };
  });
  return server;
});

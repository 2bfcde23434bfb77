/**
 * A server whose `chatter` tool logs `lines` messages (notifications/message), then asks
 * whether to keep them: one call grows a live session by thousands of entries, for the
 * tests of a long session's page. stdio, classic SDK, 2025 era.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'chatty', version: '1.0.0' }, { capabilities: { logging: {} } });

server.registerTool(
  'chatter',
  { description: 'Logs a number of lines, then asks whether to keep them.', inputSchema: { lines: z.number().int().min(0).max(50_000) } },
  async ({ lines }) => {
    for (let i = 1; i <= lines; i++) await server.server.sendLoggingMessage({ level: 'info', data: `chatter line ${i} of ${lines}` });
    const answer = await server.server.elicitInput({
      mode: 'form',
      message: `Keep the ${lines} lines?`,
      requestedSchema: { type: 'object', properties: { keep: { type: 'boolean', title: 'Keep them' } } },
    });
    return { content: [{ type: 'text', text: `chatter: ${answer.action} after ${lines} lines` }] };
  },
);

await server.connect(new StdioServerTransport());

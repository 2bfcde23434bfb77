/**
 * A careless server on the classic SDK (@modelcontextprotocol/sdk 1.x), 2025 only: its
 * code trusts the answer's shape and crashes on what the SDK's own check lets through
 * (no content, an optional field left out), and the SDK passes the runtime error's
 * message on as a tool error. `delete_project` asks again until the project's name is
 * typed, then echoes the whole answer, extra properties and all.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'careless-classic', version: '1.0.0' });

server.registerTool('book_stay', { description: 'Asks nights, a name and wishes; trusts the answer.', inputSchema: {} }, async () => {
  const r = await server.server.elicitInput({
    mode: 'form',
    message: 'Your stay?',
    requestedSchema: {
      type: 'object',
      properties: {
        nights: { type: 'integer', title: 'Nights', minimum: 1, maximum: 30 },
        name: { type: 'string', title: 'Name' },
        wishes: { type: 'array', title: 'Wishes', items: { type: 'string', enum: ['quiet', 'view'] } },
      },
      required: ['nights'],
    },
  });
  if (r.action !== 'accept') return { content: [{ type: 'text', text: `book_stay: ${r.action}` }] };
  // Careless on purpose: no content, no name, no wishes are all possible answers.
  const { nights, name, wishes } = r.content as { nights: number; name: string; wishes: string[] };
  const guest = name.trim();
  const picked: string[] = [];
  for (const wish of wishes) picked.push(wish);
  return { content: [{ type: 'text', text: `book_stay: ${nights} nights for ${guest} (${picked.join(', ')})` }] };
});

server.registerTool('delete_project', { description: 'Asks for the project name until it is typed right.', inputSchema: {} }, async () => {
  for (let asked = 0; asked < 3; asked++) {
    const r = await server.server.elicitInput({
      mode: 'form',
      message: 'Type the project name (acme) to delete it.',
      requestedSchema: { type: 'object', properties: { confirm: { type: 'string', title: 'Project name' } }, required: ['confirm'] },
    });
    if (r.action !== 'accept') return { content: [{ type: 'text', text: `delete_project: ${r.action}, nothing deleted` }] };
    if (r.content?.confirm === 'acme') return { content: [{ type: 'text', text: `delete_project: deleted, as confirmed by ${JSON.stringify(r.content)}` }] };
  }
  return { content: [{ type: 'text', text: 'delete_project: not confirmed' }], isError: true };
});

await server.connect(new StdioServerTransport());

/**
 * A careless server on the 2.4 server SDK, both eras: `book_stay` trusts the answer's
 * shape and crashes on what it does not expect (the SDK passes the runtime error's
 * message on as a tool error); `delete_project` asks again until the project's name
 * is typed, then echoes the whole answer, extra properties and all.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const STAY = {
  type: 'object' as const,
  properties: {
    nights: { type: 'integer' as const, title: 'Nights', minimum: 1, maximum: 30 },
    name: { type: 'string' as const, title: 'Name' },
    wishes: { type: 'array' as const, title: 'Wishes', items: { type: 'string' as const, enum: ['quiet', 'view'] } },
  },
  required: ['nights'],
};
const CONFIRM = { type: 'object' as const, properties: { confirm: { type: 'string' as const, title: 'Project name' } }, required: ['confirm'] };

serveStdio(() => {
  const server = new McpServer({ name: 'careless-modern', version: '1.0.0' });
  server.registerTool('book_stay', { description: 'Asks nights, a name and wishes; trusts the answer.', inputSchema: z.object({}) }, async (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'stay');
    if (answer.kind === 'missing') return inputRequired({ inputRequests: { stay: inputRequired.elicit({ message: 'Your stay?', requestedSchema: STAY }) } });
    if (answer.kind !== 'elicit' || answer.action !== 'accept') return { content: [{ type: 'text', text: 'book_stay: not booked' }] };
    // Careless on purpose: no content, no name, no wishes are all possible answers.
    const { nights, name, wishes } = answer.content as { nights: number; name: string; wishes: string[] };
    const guest = name.trim();
    const picked: string[] = [];
    for (const wish of wishes) picked.push(wish);
    return { content: [{ type: 'text', text: `book_stay: ${nights} nights for ${guest} (${picked.join(', ')})` }] };
  });
  server.registerTool(
    'delete_project',
    { description: 'Asks for the project name until it is typed right.', inputSchema: z.object({}) },
    async (_args, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
      const ask = () =>
        inputRequired({
          inputRequests: { confirm: inputRequired.elicit({ message: 'Type the project name (acme) to delete it.', requestedSchema: CONFIRM }) },
        });
      if (answer.kind === 'missing') return ask();
      if (answer.kind !== 'elicit' || answer.action !== 'accept') return { content: [{ type: 'text', text: 'delete_project: nothing deleted' }] };
      if (answer.content?.confirm !== 'acme') return ask();
      return { content: [{ type: 'text', text: `delete_project: deleted, as confirmed by ${JSON.stringify(answer.content)}` }] };
    },
  );
  return server;
});

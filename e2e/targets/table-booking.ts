/**
 * Books a table after one form: the same server before and after a change to that
 * form's schema. With --changed, the `guests` field is a number instead of an
 * integer, and nothing else moves: a diff of the two must name exactly that field.
 */
import { inputRequired, inputResponse, McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const isChanged = process.argv.includes('--changed');

const TABLE: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    guests: { type: isChanged ? 'number' : 'integer', title: 'Guests', minimum: 1, default: 2 },
    terrace: { type: 'boolean', title: 'On the terrace', default: false },
  },
  required: ['name'],
};

serveStdio(() => {
  const server = new McpServer({ name: 'table-booking', version: '1.0.0' });
  server.registerTool(
    'book_table',
    { description: 'Asks who and how many, then books.', inputSchema: z.object({ day: z.string().default('Friday') }) },
    async ({ day }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'table');
      if (answer.kind === 'missing')
        return inputRequired({ inputRequests: { table: inputRequired.elicit({ message: `A table for ${day}?`, requestedSchema: TABLE }) } });
      if (answer.kind !== 'elicit' || answer.action !== 'accept') return { content: [{ type: 'text', text: 'No table booked.' }] };
      const content = answer.content ?? {};
      const booking = { day, name: String(content.name), guests: Number(content.guests ?? 2) };
      return { content: [{ type: 'text', text: `Booked a table for ${booking.guests} on ${day}, name ${booking.name}.` }], structuredContent: booking };
    },
  );
  server.registerTool('opening_hours', { description: 'Plain tool, no elicitation.', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: 'Open 18:00 to 23:00.' }],
  }));
  return server;
});

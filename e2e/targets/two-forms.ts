/**
 * One tool that asks two forms at once: on 2026-07-28 one `input_required` round
 * with two input requests, on 2025 revisions two `elicitation/create` requests
 * the SDK sends together. Its answer names what came back for each.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const form = (message: string, field: string) =>
  inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: { [field]: { type: 'string', title: field } }, required: [field] } });

serveStdio(() => {
  const server = new McpServer({ name: 'two-forms', version: '1.0.0' });
  server.registerTool('ask_two', { description: 'Asks for a name and a city at once.', inputSchema: z.object({}) }, async (_args, ctx) => {
    const name = inputResponse(ctx.mcpReq.inputResponses, 'name');
    const city = inputResponse(ctx.mcpReq.inputResponses, 'city');
    if (name.kind === 'missing' || city.kind === 'missing')
      return inputRequired({ inputRequests: { name: form('Your name?', 'name'), city: form('Your city?', 'city') } });
    const said = (answer: typeof name) => (answer.kind === 'elicit' ? `${answer.action} ${JSON.stringify(answer.content ?? {})}` : answer.kind);
    return { content: [{ type: 'text', text: `name: ${said(name)}; city: ${said(city)}` }] };
  });
  return server;
});

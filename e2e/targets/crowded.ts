/**
 * A server that fills every panel: 100 tools (one with a long unbroken description),
 * a 40-field form with a long message, and a URL flow with a 1,500-character URL.
 * For the layout tests: nothing may be cut off or pushed out of reach. stdio, classic SDK.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export const FORM_FIELD_COUNT = 40;
export const FILLER_TOOL_COUNT = 97;
const LONG_WORD = 'Supercalifragilistic'.repeat(12);
const LONG_URL = `https://accounts.example.com/oauth2/authorize?${Array.from({ length: 60 }, (_, i) => `scope_${i}=read.write.admin`).join('&')}`;

const server = new McpServer({ name: 'crowded', version: '1.0.0' });

const properties = Object.fromEntries(
  Array.from({ length: FORM_FIELD_COUNT }, (_, i) => [
    `field_${i + 1}`,
    i % 4 === 0
      ? { type: 'boolean', title: `Field ${i + 1}`, description: 'A checkbox among many.' }
      : i % 4 === 1
        ? { type: 'string', title: `Field ${i + 1}`, enum: ['small', 'medium', 'large'] }
        : { type: 'string', title: `Field ${i + 1}`, description: `Text field number ${i + 1} of a long form.` },
  ]),
);

server.registerTool('wide_form', { description: `Asks ${FORM_FIELD_COUNT} questions at once.`, inputSchema: {} }, async () => {
  const result = await server.server.elicitInput({
    mode: 'form',
    message: `Please fill in all ${FORM_FIELD_COUNT} fields. ${'This message goes on and on so that it wraps over several lines. '.repeat(6)}${LONG_WORD}`,
    requestedSchema: { type: 'object', properties: properties as never, required: ['field_2'] },
  });
  return { content: [{ type: 'text', text: `wide_form: ${result.action}` }] };
});

server.registerTool('long_url', { description: 'A URL flow whose URL is very long.', inputSchema: {} }, async () => {
  const result = await server.server.elicitInput({
    mode: 'url',
    message: `Sign in to continue. ${LONG_WORD}`,
    url: LONG_URL,
    elicitationId: `long-${Date.now()}`,
  });
  return { content: [{ type: 'text', text: `long_url: ${result.action}` }] };
});

server.registerTool('long_description', { description: `A tool whose description has no spaces: ${LONG_WORD}`, inputSchema: {} }, async () => ({
  content: [{ type: 'text', text: `long_description: ${LONG_WORD}` }],
}));

for (let i = 1; i <= FILLER_TOOL_COUNT; i++) {
  server.registerTool(`tool_${String(i).padStart(3, '0')}`, { description: `Filler tool number ${i}.`, inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: `tool_${i}: done` }],
  }));
}

await server.connect(new StdioServerTransport());

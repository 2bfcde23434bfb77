/**
 * A server whose prompts come three pages deep (nextCursor), with hostile text in
 * them (markup for a name, a 100,000-character description, an SVG image and HTML in
 * a message), titled arguments, and a tool that adds a prompt and sends
 * notifications/prompts/list_changed.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>').toString('base64');

serveStdio(() => {
  const server = new McpServer({ name: 'paged-catalog', version: '1.0.0' }, { capabilities: { prompts: { listChanged: true }, tools: {} } });
  const added: string[] = [];
  const all = () => [
    ...added.map((name) => ({ name, description: 'Added while connected.' })),
    {
      name: 'prompt-1',
      description: 'Page one.',
      arguments: [
        { name: 'topic', title: 'Topic', required: true },
        { name: 'tone', title: 'Tone', description: 'How it should sound' },
      ],
    },
    { name: 'prompt-2' },
    { name: 'prompt-3', description: 'Page two.' },
    { name: 'prompt-4' },
    { name: HOSTILE_NAME, description: 'x'.repeat(100_000) },
  ];
  const PAGE = 2;
  server.server.setRequestHandler('prompts/list', (request) => {
    const start = Number(request.params?.cursor ?? 0) || 0;
    const page = all().slice(start, start + PAGE);
    return { prompts: page, ...(start + PAGE < all().length && { nextCursor: String(start + PAGE) }) };
  });
  server.server.setRequestHandler('prompts/get', (request) => ({
    messages: [
      { role: 'user', content: { type: 'text', text: `<b>${request.params.name}</b> as text, not markup` } },
      { role: 'assistant', content: { type: 'image', mimeType: 'image/svg+xml', data: SVG } },
    ],
  }));
  server.registerTool('add_prompt', { description: 'Adds a prompt and says the list changed.', inputSchema: z.object({}) }, () => {
    added.push(`added-${added.length + 1}`);
    server.sendPromptListChanged();
    return { content: [{ type: 'text', text: `added ${added.at(-1)}` }] };
  });
  return server;
});

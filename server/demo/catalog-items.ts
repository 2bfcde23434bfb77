/**
 * The demo's prompts and resources: one of each that asks for input while it is
 * fetched, written once with `inputRequired(...)` like the form tools (rounds on
 * 2026-07-28, pushed `elicitation/create` on 2025), and a plain resource beside them.
 */
import { inputRequired, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { elicit, formAnswer, text } from './helpers';

const TONE_SCHEMA = {
  type: 'object',
  properties: { tone: { type: 'string', title: 'Tone', enum: ['friendly', 'formal', 'playful'], description: 'How the announcement should sound' } },
  required: ['tone'],
};
const REVEAL_SCHEMA = {
  type: 'object',
  properties: { reveal: { type: 'boolean', title: 'Show the note', default: false } },
  required: ['reveal'],
};
/** A 1x1 PNG: the demo's binary resource, small enough to draw. */
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function registerCatalogItems(server: McpServer): void {
  server.registerPrompt(
    'write_announcement',
    {
      title: 'Write an announcement (asks for the tone)',
      description: 'A prompt whose prompts/get asks which tone to use before it returns its messages.',
      argsSchema: z.object({ topic: z.string().describe('What to announce'), audience: z.string().optional().describe('Who reads it') }),
    },
    (args, ctx) => {
      const answer = formAnswer(ctx, 'tone', TONE_SCHEMA);
      if (answer.state === 'missing')
        return inputRequired({ inputRequests: { tone: elicit(`Which tone for the announcement about ${args.topic}?`, TONE_SCHEMA) } });
      if (answer.state !== 'accepted') return { messages: [{ role: 'user', content: text(`write_announcement: ${answer.state}`) }] };
      const { tone } = answer.content as { tone: string };
      return {
        description: `A ${tone} announcement`,
        messages: [{ role: 'user', content: text(`Write a ${tone} announcement about ${args.topic}${args.audience ? ` for ${args.audience}` : ''}.`) }],
      };
    },
  );

  server.registerResource(
    'readme',
    'demo://readme',
    { title: 'Read me', description: 'A plain text resource: no input asked.', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The demo server has tools, a prompt and resources.' }] }),
  );

  server.registerResource(
    'dot',
    'demo://dot.png',
    { title: 'A dot (binary)', description: 'A one-pixel PNG, read as a blob.', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: DOT_PNG }] }),
  );

  server.registerResource(
    'secret_note',
    new ResourceTemplate('demo://notes/{name}', { list: undefined }),
    { title: 'A secret note (asks first)', description: 'Reading a note asks whether to show it: resources/read with a form.', mimeType: 'text/plain' },
    (uri, variables, ctx) => {
      const name = decoded(String(variables.name));
      const answer = formAnswer(ctx, 'reveal', REVEAL_SCHEMA);
      if (answer.state === 'missing') return inputRequired({ inputRequests: { reveal: elicit(`Show the secret note "${name}"?`, REVEAL_SCHEMA) } });
      const isShown = answer.state === 'accepted' && (answer.content as { reveal?: boolean }).reveal === true;
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/plain', text: isShown ? `secret_note ${name}: the meeting moved to Thursday` : `secret_note ${name}: not shown` },
        ],
      };
    },
  );
}

/** A template variable as the person typed it: the SDK hands it over still percent-encoded. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape (a lone %): the raw text is the best name there is.
    return value;
  }
}

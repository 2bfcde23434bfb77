/**
 * One tool per `requestedSchema` outside the spec's flat subset, each of which
 * once made the form library throw (or hang) in the page: a `$ref` cycle, a
 * remote `$ref`, a `$ref` to nothing, `$defs`, a nested object, a catastrophic
 * `pattern`; and `size`, a titled select with no default. Written once with
 * `inputRequired`, so 2025-11-25 gets them pushed and 2026-07-28 in rounds.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

type Schema = Parameters<typeof inputRequired.elicit>[0] extends { requestedSchema: infer S } ? S : never;

const NAME = { type: 'string', title: 'Name' };
// The client SDK checks each property against the spec's shapes but keeps unknown keys, so a
// `type: 'string'` property carries `$ref`, `properties` or `pattern` to the page untouched.
export const BAD_SCHEMAS: Record<string, object> = {
  ref_cycle: {
    type: 'object',
    properties: { name: NAME, node: { type: 'string', title: 'Node', $ref: '#/$defs/a' } },
    $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
  },
  remote_ref: { type: 'object', properties: { name: NAME, country: { type: 'string', title: 'Country', $ref: 'https://example.com/schemas/country.json' } } },
  missing_ref: { type: 'object', properties: { name: NAME }, $ref: '#/definitions/nowhere' },
  defs_only: { type: 'object', properties: { name: NAME }, definitions: { unused: { type: 'string' } }, $defs: { other: { type: 'number' } } },
  nested_object: {
    type: 'object',
    properties: { name: NAME, address: { type: 'string', title: 'Address', properties: { city: { type: 'string', title: 'City' } } } },
  },
  slow_pattern: { type: 'object', properties: { word: { type: 'string', title: 'Word', pattern: '^(a+)+$' } }, required: ['word'] },
  backreference: { type: 'object', properties: { twice: { type: 'string', title: 'Twice', pattern: '^(ab)\\1$' } } },
  size_select: {
    type: 'object',
    properties: {
      name: NAME,
      size: {
        type: 'string',
        title: 'Size',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'm', title: 'Medium' },
          { const: 'l', title: 'Large' },
        ],
      },
      color: { type: 'string', title: 'Color', enum: ['red', 'green'] },
    },
  },
  required_select: {
    type: 'object',
    properties: {
      size: {
        type: 'string',
        title: 'Size',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'm', title: 'Medium' },
        ],
      },
    },
    required: ['size'],
  },
};

serveStdio(() => {
  const server = new McpServer({ name: 'bad-schemas', version: '1.0.0' });
  for (const [name, schema] of Object.entries(BAD_SCHEMAS)) {
    server.registerTool(name, { description: `Asks with the ${name} schema.`, inputSchema: z.object({}) }, async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'answer');
      if (view.kind === 'missing') {
        return inputRequired({ inputRequests: { answer: inputRequired.elicit({ message: `Schema ${name}`, requestedSchema: schema as Schema }) } });
      }
      return { content: [{ type: 'text', text: `${name}: ${JSON.stringify(view)}` }] };
    });
  }
  // A tool argument with the same pattern: the page checks it before the server ever sees it.
  server.registerTool(
    'slow_argument',
    { description: 'Takes a word matching ^(a+)+$.', inputSchema: z.object({ word: z.string().regex(/^(a+)+$/) }) },
    async ({ word }) => ({ content: [{ type: 'text', text: `slow_argument: ${word}` }] }),
  );
  return server;
});

/**
 * Tools that ask the client for something other than a form: its roots, and
 * (sampling) a model's reply. Written once with `inputRequired(...)`, so on
 * 2026-07-28 they are input requests of a round and on 2025 connections the
 * SDK pushes `roots/list` and `sampling/createMessage` instead.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { text } from './helpers';

export function registerClientRequestTools(server: McpServer): void {
  server.registerTool(
    'list_roots',
    {
      title: 'List the client roots',
      description: 'Asks the client for its roots (roots/list) and returns them; needs Roots on in Client settings.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (view.kind === 'missing') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      if (view.kind !== 'roots') return { content: [text(`list_roots: expected a roots list, got ${view.kind}`)], isError: true };
      const lines = view.roots.map((root) => (root.name ? `${root.name} ${root.uri}` : root.uri));
      return {
        content: [text(`list_roots: ${view.roots.length} root${view.roots.length === 1 ? '' : 's'}${lines.length ? `: ${lines.join(', ')}` : ''}`)],
      };
    },
  );

  server.registerTool(
    'ask_model',
    {
      title: 'Ask the client model (sampling)',
      description: 'Asks the client for a model reply (sampling/createMessage) and returns it; needs Sampling on in Client settings.',
      inputSchema: z.object({ question: z.string().default('Name a colour for a new logo.').describe('What to ask the model') }),
    },
    async ({ question }, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'reply');
      // A refused request comes back without the key: requestState tells that from the first call.
      if (view.kind === 'missing' && ctx.mcpReq.requestState<string>() === 'asked') return { content: [text('ask_model: the client did not reply')] };
      if (view.kind === 'missing') {
        return inputRequired({
          requestState: 'asked',
          inputRequests: {
            reply: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: question } }],
              systemPrompt: 'You are a terse design assistant.',
              modelPreferences: { hints: [{ name: 'claude' }], intelligencePriority: 0.8, speedPriority: 0.3 },
              maxTokens: 100,
            }),
          },
        });
      }
      if (view.kind !== 'sampling') return { content: [text(`ask_model: expected a sampling result, got ${view.kind}`)], isError: true };
      const reply = view.result.content;
      const said = !Array.isArray(reply) && reply.type === 'text' ? reply.text : JSON.stringify(reply);
      return { content: [text(`ask_model: ${view.result.model} said "${said}"`)] };
    },
  );
}

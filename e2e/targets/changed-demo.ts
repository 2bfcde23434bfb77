/**
 * The demo server's confirm_order and never_completes after a change: the same
 * elicitations, but confirm_order's text now shouts. A scenario recorded against
 * the demo server must fail here, naming the step and the difference.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { elicit, formAnswer, text } from '../../server/demo/helpers';

const CONFIRM = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Confirm the order', default: true }, note: { type: 'string', title: 'Note for the courier' } },
  required: ['confirm'],
};
const TERMS_URL = 'http://127.0.0.1:9/terms';

serveStdio(({ era }) => {
  const server = new McpServer({ name: 'elicitation-demo', title: 'Elicitation demo server', version: '0.2.0' });
  server.registerTool('confirm_order', { inputSchema: z.object({ item: z.string().default('tea') }) }, async ({ item }, ctx) => {
    const answer = formAnswer(ctx, 'confirm', CONFIRM);
    if (answer.state === 'missing') return inputRequired({ inputRequests: { confirm: elicit(`Order one ${item}?`, CONFIRM) } });
    const content = answer.state === 'accepted' ? (answer.content as { confirm: boolean; note?: string }) : { confirm: false };
    const structured = { item, confirmed: content.confirm, ...(content.note && { note: content.note }) };
    return { content: [text(`confirm_order: ${structured.confirmed ? 'CONFIRMED' : 'NOT CONFIRMED'}`)], structuredContent: structured };
  });
  server.registerTool('never_completes', { inputSchema: z.object({}) }, async (_args, ctx) => {
    if (era === 'modern') {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'visit');
      if (view.kind === 'missing')
        return inputRequired({ inputRequests: { visit: inputRequired.elicitUrl({ message: 'Read the terms on the provider site.', url: TERMS_URL }) } });
      return { content: [text(`never_completes: ${view.kind === 'elicit' ? view.action : view.kind}; completion will never be reported`)] };
    }
    const elicitationId = randomUUID();
    const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Read the terms on the provider site.', url: TERMS_URL, elicitationId });
    return { content: [text(`never_completes: ${answer.action}; completion will never be reported (elicitationId ${elicitationId})`)] };
  });
  return server;
});

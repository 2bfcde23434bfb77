/**
 * Tools that show what 2026-07-28's input_required rounds add: a result with an
 * outputSchema after a round, a form whose schema changes between rounds, and
 * a URL flow where the server polls (requestState-only rounds) until the person
 * has approved on the consent site.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ConsentSite } from './consent-site';
import { elicit, formAnswer, text } from './helpers';

const CONFIRM = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Confirm the order', default: true }, note: { type: 'string', title: 'Note for the courier' } },
  required: ['confirm'],
};
const DETAILS_V1 = { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] };
const DETAILS_V2 = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, phone: { type: 'string', title: 'Phone' } },
  required: ['name', 'phone'],
};

export function registerRoundTools(server: McpServer, era: 'legacy' | 'modern', site: ConsentSite): void {
  server.registerTool(
    'confirm_order',
    {
      title: 'Confirm an order (outputSchema)',
      description: 'Asks for confirmation, then returns structuredContent that matches its outputSchema.',
      inputSchema: z.object({ item: z.string().default('tea').describe('What to order') }),
      outputSchema: z.object({ item: z.string(), confirmed: z.boolean(), note: z.string().optional() }),
    },
    async ({ item }, ctx) => {
      const answer = formAnswer(ctx, 'confirm', CONFIRM);
      if (answer.state === 'missing') return inputRequired({ inputRequests: { confirm: elicit(`Order one ${item}?`, CONFIRM) } });
      const content = answer.state === 'accepted' ? (answer.content as { confirm: boolean; note?: string }) : { confirm: false };
      const structured = { item, confirmed: content.confirm, ...(content.note && { note: content.note }) };
      return { content: [text(`confirm_order: ${structured.confirmed ? 'confirmed' : 'not confirmed'}`)], structuredContent: structured };
    },
  );

  server.registerTool(
    'shifting_schema',
    {
      title: 'A schema that changes between rounds',
      description: 'Asks for details twice under the same key, adding a required field the second time.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const round = ctx.mcpReq.requestState<string>();
      if (round === undefined) return inputRequired({ inputRequests: { details: elicit('Your name, please.', DETAILS_V1) }, requestState: 'asked-once' });
      const second = formAnswer(ctx, 'details', DETAILS_V2);
      if (round === 'asked-once')
        return inputRequired({ inputRequests: { details: elicit('Sorry, we also need a phone number.', DETAILS_V2) }, requestState: 'asked-twice' });
      return { content: [text(`shifting_schema: ${second.state === 'accepted' ? JSON.stringify(second.content) : second.state}`)] };
    },
  );

  server.registerTool(
    'url_poll',
    {
      title: 'URL flow, server polls (2026-07-28)',
      description: 'Sends you to the consent page, then answers input_required with only requestState until you approve there.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      if (era === 'legacy') return { content: [text('url_poll shows 2026-07-28 polling rounds; on 2025 connections use connect_account.')], isError: true };
      const state = ctx.mcpReq.requestState<string>();
      if (state === undefined) {
        const flowId = randomUUID();
        return inputRequired({
          inputRequests: {
            approve: inputRequired.elicitUrl({
              message: 'Approve the payment on the provider site.',
              url: await site.url(flowId, 'approve a payment of 12 EUR'),
            }),
          },
          requestState: `waiting:${flowId}`,
        });
      }
      const flowId = state.slice('waiting:'.length);
      const view = inputResponse(ctx.mcpReq.inputResponses, 'approve');
      if (view.kind === 'elicit' && view.action !== 'accept') return { content: [text(`url_poll: ${view.action}`)] };
      const decision = site.decision(flowId);
      if (!decision) return inputRequired({ requestState: state });
      return { content: [text(`url_poll: payment ${decision}`)], isError: decision !== 'approved' };
    },
  );
}

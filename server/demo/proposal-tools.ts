/**
 * The demo server's tools for the protocol proposals the inspector speaks behind
 * its Proposals settings (docs/proposals.md): one per proposal.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { AUTHORIZATION_CONTEXT_ID_META_KEY, AUTHORIZATION_META_KEY } from '../wire/proposals';
import type { ConsentSite } from './consent-site';
import { text } from './helpers';

type Era = 'legacy' | 'modern';

export function registerProposalTools(server: McpServer, era: Era, site: ConsentSite): void {
  server.registerTool(
    'write_log',
    {
      title: 'Write a log message (deprecated logging)',
      description: 'Sends one notifications/message while it runs; logging is deprecated from 2026-07-28 (SEP-2577).',
      inputSchema: z.object({ message: z.string().default('Indexing 3 files').describe('What to log') }),
    },
    async ({ message }, ctx) => {
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', logger: 'demo', data: message } });
      return { content: [text(`write_log: logged "${message}"`)] };
    },
  );

  server.registerTool(
    'approve_folder_access',
    {
      title: 'Approve folder access (authorization denial, 2026-07-28)',
      description:
        'Denies the call until you approve on a page: an input_required URL elicitation carrying an authorization denial with remediation hints (SEP-2643).',
      inputSchema: z.object({ folderId: z.string().default('fld_12345').describe('The folder to list') }),
    },
    async ({ folderId }, ctx) => {
      if (era === 'legacy') {
        return { content: [text('approve_folder_access needs a 2026-07-28 connection: the denial rides on an input_required result.')], isError: true };
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'folder_approval');
      if (view.kind === 'missing') {
        const contextId = `authzctx_${randomUUID().slice(0, 8)}`;
        const url = await site.url(randomUUID(), `approve access to folder ${folderId}`);
        return {
          ...inputRequired({
            inputRequests: { folder_approval: inputRequired.elicitUrl({ message: `Open this page to approve access to folder ${folderId}.`, url }) },
            requestState: contextId,
          }),
          _meta: {
            [AUTHORIZATION_META_KEY]: {
              reason: 'insufficient_authorization',
              remediation: 'available',
              authorizationContextId: contextId,
              remediationHints: [{ type: 'url' }],
            },
          },
        };
      }
      const expected = ctx.mcpReq.requestState<string>();
      const echoed = ctx.mcpReq._meta?.[AUTHORIZATION_CONTEXT_ID_META_KEY];
      const answer = view.kind === 'elicit' ? view.action : view.kind;
      const echo = echoed === undefined ? 'no authorizationContextId echoed' : echoed === expected ? `echoed ${expected}` : 'echoed a different id';
      return { content: [text(`approve_folder_access: ${answer}; ${echo}`)], isError: answer !== 'accept' };
    },
  );
}

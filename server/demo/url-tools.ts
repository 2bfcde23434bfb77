/**
 * The demo server's URL-mode tools. On 2025-11-25 they push `elicitation/create`
 * with an `elicitationId` and send `notifications/elicitation/complete` when the
 * person decides on the consent site. On 2026-07-28 the same tools use
 * `input_required` rounds, and the client learns completion by retrying.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, inputResponse, type McpServer, UrlElicitationRequiredError, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ConsentSite } from './consent-site';

type Era = 'legacy' | 'modern';
const text = (value: string) => ({ type: 'text' as const, text: value });
const WAIT_MS = 10 * 60_000;

/** A look-alike of apple.com in Cyrillic letters. */
export const LOOKALIKE_URL = 'https://xn--80ak6aa92e.com/signin';
export const SCRIPT_URL = 'javascript:alert(document.domain)';

export function registerUrlTools(server: McpServer, era: Era, site: ConsentSite): void {
  /** 2025-11-25: push a URL elicitation, and tell the client when the person decided on the site. */
  async function pushUrlFlow(ctx: ServerContext, message: string, title: string) {
    const elicitationId = randomUUID();
    const url = await site.url(elicitationId, title);
    const notifyComplete = server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: ctx.mcpReq.id });
    const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message, url, elicitationId }, { timeout: WAIT_MS, signal: ctx.mcpReq.signal });
    if (answer.action !== 'accept') return { elicitationId, answer: answer.action, decision: undefined };
    const decision = await site.waitForDecision(elicitationId, ctx.mcpReq.signal);
    if (decision !== 'aborted') await notifyComplete();
    return { elicitationId, answer: answer.action, decision };
  }

  server.registerTool(
    'connect_account',
    {
      title: 'Connect an account (URL mode)',
      description: 'Sends you to a consent page on loopback. Approve there and the server reports completion and finishes the call.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      if (era === 'legacy') {
        const flow = await pushUrlFlow(ctx, 'Connect your Demo Provider account to continue.', 'connect your Demo Provider account');
        if (!flow.decision) return { content: [text(`connect_account: ${flow.answer}`)] };
        return {
          content: [text(`connect_account: ${flow.decision} on the provider's page (elicitationId ${flow.elicitationId})`)],
          isError: flow.decision !== 'approved',
        };
      }
      return modernUrlFlow(ctx, site, 'connect_account', 'Connect your Demo Provider account to continue.', 'connect your Demo Provider account');
    },
  );

  server.registerTool(
    'never_completes',
    {
      title: 'A URL flow that never reports completion',
      description: 'Sends a URL elicitation and returns once you answer; it never sends notifications/elicitation/complete (many servers do not).',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      if (era === 'modern') {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'visit');
        if (view.kind === 'missing')
          return inputRequired({
            inputRequests: {
              visit: inputRequired.elicitUrl({ message: 'Read the terms on the provider site.', url: await site.url(randomUUID(), 'read the terms') }),
            },
          });
        return { content: [text(`never_completes: ${view.kind === 'elicit' ? view.action : view.kind}; completion will never be reported`)] };
      }
      const elicitationId = randomUUID();
      const answer = await ctx.mcpReq.elicitInput(
        { mode: 'url', message: 'Read the terms on the provider site.', url: await site.url(elicitationId, 'read the terms'), elicitationId },
        { timeout: WAIT_MS, signal: ctx.mcpReq.signal },
      );
      return { content: [text(`never_completes: ${answer.action}; completion will never be reported (elicitationId ${elicitationId})`)] };
    },
  );

  server.registerTool(
    'link_account_first',
    {
      title: 'Needs a linked account first (-32042)',
      description: 'The first call fails with URLElicitationRequiredError (-32042); approve the consent page and the retried call succeeds. 2025-11-25 only.',
      inputSchema: z.object({}),
    },
    async () => {
      if (era === 'modern') return { content: [text('link_account_first needs a 2025-11-25 connection: -32042 does not exist on 2026-07-28.')], isError: true };
      const flowId = 'link-demo-account';
      if (site.decision(flowId) === 'approved') {
        return { content: [text('link_account_first: the account is linked, here are your 3 repositories')] };
      }
      const url = await site.url(flowId, 'link your Demo Provider account');
      void site.waitForDecision(flowId).then((decision) => {
        if (decision === 'approved')
          void server.server
            .createElicitationCompletionNotifier(flowId)()
            .catch(() => {});
      });
      throw new UrlElicitationRequiredError(
        [{ mode: 'url', message: 'Link your Demo Provider account first.', url, elicitationId: flowId }],
        'This tool needs a linked account.',
      );
    },
  );

  server.registerTool(
    'javascript_url',
    {
      title: 'A javascript: URL',
      description: 'Sends a URL elicitation whose URL is javascript:… The inspector must refuse to open it.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => sendFixedUrl(ctx, era, 'javascript_url', 'Click to continue.', SCRIPT_URL),
  );

  server.registerTool(
    'lookalike_url',
    { title: 'A look-alike host (IDN)', description: 'Sends a URL whose host is punycode for a look-alike of a well-known name.', inputSchema: z.object({}) },
    async (_args, ctx) => sendFixedUrl(ctx, era, 'lookalike_url', 'Sign in to continue.', LOOKALIKE_URL),
  );
}

async function sendFixedUrl(ctx: ServerContext, era: Era, name: string, message: string, url: string) {
  if (era === 'modern') {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'go');
    if (view.kind === 'missing') return inputRequired({ inputRequests: { go: inputRequired.elicitUrl({ message, url }) } });
    return { content: [text(`${name}: ${view.kind === 'elicit' ? view.action : view.kind}`)] };
  }
  const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message, url, elicitationId: randomUUID() }, { timeout: WAIT_MS, signal: ctx.mcpReq.signal });
  return { content: [text(`${name}: ${answer.action}`)] };
}

/**
 * 2026-07-28: there is no completion notification. The flow's id rides in
 * requestState; each retry checks the consent site. Still waiting: ask again
 * (the client shows "still waiting" and lets the person retry when done).
 */
async function modernUrlFlow(ctx: ServerContext, site: ConsentSite, name: string, message: string, title: string) {
  const flowId = ctx.mcpReq.requestState<string>() ?? randomUUID();
  const view = inputResponse(ctx.mcpReq.inputResponses, 'signin');
  if (view.kind === 'elicit' && view.action !== 'accept') return { content: [text(`${name}: ${view.action}`)] };
  const decision = site.decision(flowId);
  if (decision) return { content: [text(`${name}: ${decision} on the provider's page`)], isError: decision !== 'approved' };
  return inputRequired({ inputRequests: { signin: inputRequired.elicitUrl({ message, url: await site.url(flowId, title) }) }, requestState: flowId });
}

/**
 * SEP-3118, app-rendered elicitation: two demo tools whose form request names an
 * MCP App (`_meta.ui.resourceUri`) when the client declared MCP Apps
 * elicitation, and the plain form otherwise, as the proposal asks of a server.
 * The proposal applies to pushed requests (2025-11-25) and input_required rounds (2026-07-28) alike.
 */
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { APP_MIME_TYPE, declaresAppElicitation } from '../wire/proposals';
import { CHOOSE_PLAN_APP, HOSTILE_APP } from './app-documents';
import { formAnswer, text } from './helpers';

type Era = 'legacy' | 'modern';

/** A plan and its seats: complete on its own, so a client without apps answers the same form natively. */
export const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    plan: { type: 'string', title: 'Plan', enum: ['starter', 'team', 'enterprise'], default: 'team' },
    seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: 500, default: 5 },
  },
  required: ['plan', 'seats'],
} as const;

const APPS = [
  { tool: 'choose_plan_app', uri: 'ui://demo/choose-plan', html: CHOOSE_PLAN_APP, title: 'Choose a plan (app-rendered form)' },
  { tool: 'hostile_app', uri: 'ui://demo/hostile-plan', html: HOSTILE_APP, title: 'Choose a plan (a hostile app)' },
] as const;

const ENVELOPE_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/** Whether the client declared MCP Apps elicitation: in the session's capabilities (2025), in the request's envelope (2026-07-28). */
function isAppDeclared(server: McpServer, ctx: ServerContext, era: Era): boolean {
  return declaresAppElicitation(era === 'legacy' ? server.server.getClientCapabilities() : envelopeCapabilities(ctx));
}

/** The SDK lifts the 2026-07-28 envelope out of `_meta` into `ctx.mcpReq.envelope`, keyed as on the wire. */
function envelopeCapabilities(ctx: ServerContext): Record<string, unknown> | undefined {
  const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
  const capabilities = envelope?.[ENVELOPE_CAPABILITIES] ?? envelope?.clientCapabilities;
  return typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>) : undefined;
}

export function registerAppTools(server: McpServer, era: Era): void {
  for (const app of APPS) {
    server.registerResource(
      app.tool,
      app.uri,
      { title: app.title, description: 'An MCP App that renders a form request (SEP-3118).', mimeType: APP_MIME_TYPE },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: app.html }] }),
    );
    server.registerTool(
      app.tool,
      {
        title: app.title,
        description: `Asks for a plan with a form that names the MCP App ${app.uri} as its renderer when the client declares MCP Apps elicitation (SEP-3118).`,
        inputSchema: z.object({}),
      },
      async (_args, ctx) => {
        const message = 'Choose a plan for your team.';
        const request = {
          mode: 'form' as const,
          message,
          requestedSchema: PLAN_SCHEMA,
          ...(isAppDeclared(server, ctx, era) && { _meta: { ui: { resourceUri: app.uri } } }),
        };
        if (era === 'legacy') {
          const result = await ctx.mcpReq.elicitInput(request as never, { timeout: 10 * 60_000, signal: ctx.mcpReq.signal });
          return { content: [text(`${app.tool}: ${result.action}${result.action === 'accept' ? ` ${JSON.stringify(result.content)}` : ''}`)] };
        }
        const answer = formAnswer(ctx, 'plan', PLAN_SCHEMA);
        if (answer.state === 'missing') return inputRequired({ inputRequests: { plan: inputRequired.elicit(request as never) } });
        if (answer.state === 'invalid') return { content: [text(`${app.tool}: rejected, ${answer.problems}`)], isError: true };
        return { content: [text(`${app.tool}: ${answer.state}${answer.state === 'accepted' ? ` ${JSON.stringify(answer.content)}` : ''}`)] };
      },
    );
  }
}

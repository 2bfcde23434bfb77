/**
 * The inspector's own demo MCP server: one tool per elicitation situation a
 * server author meets. Started as a stdio child by default (stdio.ts).
 *
 * Most tools are written once with `inputRequired(...)`: on 2026-07-28 they
 * answer `input_required` and the client retries; on 2025 connections the
 * SDK's shim turns the same return into pushed `elicitation/create` requests.
 * Tools marked "2025 only" push with `elicitInput` and need a 2025 connection.
 */
import { inputRequired, inputResponse, McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { registerAuditTools } from './audit-tools';
import { ConsentSite } from './consent-site';
import { elicit, formAnswer, text } from './helpers';
import { registerCatalogItems } from './catalog-items';
import { registerClientRequestTools } from './client-request-tools';
import { registerProposalTools } from './proposal-tools';
import { registerAppTools } from './app-tools';
import { APPS_EXTENSION } from '../wire/proposals';
import { registerRoundTools } from './round-tools';
import { TaskServer } from './task-server';
import { registerTaskTools } from './task-tools';
import { CONFIRM_SCHEMA, NESTED_SCHEMA, PROFILE_SCHEMA, TRIP_DESTINATION_SCHEMA, TRIP_SEAT_SCHEMA } from './schemas';
import { registerUrlTools } from './url-tools';

export const DEMO_INFO = { name: 'elicitation-demo', title: 'Elicitation demo server', version: '0.1.0' };

type Era = 'legacy' | 'modern';
type Schema = ElicitRequestFormParams['requestedSchema'];

export type DemoOptions = { era: Era; site?: ConsentSite };

export function createDemoServer({ era, site = new ConsentSite() }: DemoOptions = { era: 'legacy' }): McpServer {
  const options = {
    // logging: write_log sends notifications/message (deprecated from 2026-07-28, SEP-2577).
    // extensions: SEP-3118's server side (MCP Apps PR 733): app_* tools may name an app for a form request.
    capabilities: { tools: { listChanged: true }, logging: {}, extensions: { [APPS_EXTENSION]: { elicitation: {} } } },
    instructions: 'A demo server for the Elicitation Inspector: each tool shows one elicitation situation.',
  };
  // Tasks exist on 2025 connections only (see task-tools.ts for 2026-07-28).
  const server = era === 'legacy' ? new TaskServer(DEMO_INFO, options) : new McpServer(DEMO_INFO, options);

  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Plain tool, no elicitation: returns the text it was given.',
      inputSchema: z.object({ text: z.string().describe('Text to echo back'), times: z.number().int().min(1).max(5).default(1).describe('How many times') }),
      outputSchema: z.object({ echoed: z.string(), length: z.number() }),
    },
    async ({ text: value, times }) => {
      const echoed = Array.from({ length: times }, () => value).join(' ');
      return { content: [text(echoed)], structuredContent: { echoed, length: echoed.length } };
    },
  );

  server.registerTool(
    'collect_profile',
    {
      title: 'Collect a profile',
      description: 'One form with every field kind the spec allows: formats, limits, defaults, enums, multi-selects.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const answer = formAnswer(ctx, 'profile', PROFILE_SCHEMA);
      if (answer.state === 'missing') {
        return inputRequired({ inputRequests: { profile: elicit('Tell us about yourself so we can print your conference badge.', PROFILE_SCHEMA) } });
      }
      if (answer.state === 'invalid') return { content: [text(`collect_profile: rejected invalid content: ${answer.problems}`)], isError: true };
      if (answer.state !== 'accepted') return { content: [text(`collect_profile: ${answer.state}`)] };
      return { content: [text('collect_profile: accept'), text(JSON.stringify(answer.content))] };
    },
  );

  server.registerTool(
    'plan_trip',
    {
      title: 'Plan a trip (two steps)',
      description: 'Two elicitations in a row: where and when, then a seat that depends on the first answer.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const state = ctx.mcpReq.requestState<string>();
      if (state === undefined) {
        const where = formAnswer(ctx, 'where', TRIP_DESTINATION_SCHEMA);
        if (where.state === 'missing') return inputRequired({ inputRequests: { where: elicit('Step 1 of 2: where are you going?', TRIP_DESTINATION_SCHEMA) } });
        if (where.state !== 'accepted') return { content: [text(`plan_trip: step 1 ${where.state}`)] };
        const trip = where.content as { destination: string; departure: string };
        // A real server integrity-protects requestState (createRequestStateCodec); the demo keeps it readable on purpose.
        return inputRequired({
          inputRequests: { seat: elicit(`Step 2 of 2: your seat to ${trip.destination} on ${trip.departure}.`, TRIP_SEAT_SCHEMA) },
          requestState: JSON.stringify(where.content),
        });
      }
      const trip = JSON.parse(state) as { destination: string; departure: string; travellers?: number };
      const seat = formAnswer(ctx, 'seat', TRIP_SEAT_SCHEMA);
      if (seat.state !== 'accepted') return { content: [text(`plan_trip: step 2 ${seat.state}`)] };
      const { seat: place, meal } = seat.content as { seat: string; meal?: boolean };
      return {
        content: [text(`plan_trip: booked ${trip.travellers ?? 1} to ${trip.destination} on ${trip.departure}, ${place} seat${meal ? ' with a meal' : ''}`)],
      };
    },
  );

  server.registerTool(
    'nested_schema',
    {
      title: 'Invalid schema (nested object)',
      description: 'Asks with a requestedSchema that nests an object, which the spec forbids, to show what a client does with it.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'home');
      if (view.kind === 'missing') return inputRequired({ inputRequests: { home: elicit('Where do you live?', NESTED_SCHEMA) } });
      return { content: [text(`nested_schema: ${JSON.stringify(view)}`)] };
    },
  );

  server.registerTool(
    'confirm_with_deadline',
    {
      title: 'Confirm before a server-side deadline (2025 only)',
      description: 'Pushes a form and gives up on it after a few seconds: the server cancels its own request.',
      inputSchema: z.object({ seconds: z.number().int().min(1).max(600).default(5).describe('How long the server waits') }),
    },
    async ({ seconds }, ctx) => {
      if (era === 'modern')
        return { content: [text('confirm_with_deadline needs a 2025 connection: 2026-07-28 has no server-to-client requests to cancel.')], isError: true };
      try {
        const result = await ctx.mcpReq.elicitInput(
          { mode: 'form', message: `Confirm within ${seconds} seconds, or the server gives up.`, requestedSchema: CONFIRM_SCHEMA as unknown as Schema },
          { timeout: seconds * 1000, signal: ctx.mcpReq.signal },
        );
        return { content: [text(`confirm_with_deadline: ${result.action}`)] };
      } catch (error) {
        return { content: [text(`confirm_with_deadline: the server stopped waiting (${(error as Error).message})`)], isError: true };
      }
    },
  );

  server.registerTool(
    'fail_with_error',
    { title: 'Fail (tool error)', description: 'Returns a tool result with isError: true, which is not a protocol error.', inputSchema: z.object({}) },
    async () => ({ content: [text('fail_with_error: the tool ran and reported a failure')], isError: true }),
  );

  const bonus = server.registerTool(
    'bonus_tool',
    { title: 'Bonus tool', description: 'Appears after unlock_bonus_tool runs.', inputSchema: z.object({}) },
    async () => ({ content: [text('bonus_tool: unlocked and working')] }),
  );
  bonus.disable();
  server.registerTool(
    'unlock_bonus_tool',
    { title: 'Unlock a tool (list_changed)', description: 'Enables bonus_tool; the server sends notifications/tools/list_changed.', inputSchema: z.object({}) },
    async () => {
      bonus.enable();
      return { content: [text('unlock_bonus_tool: bonus_tool is now listed')] };
    },
  );

  registerUrlTools(server, era, site);
  registerRoundTools(server, era, site);
  registerClientRequestTools(server);
  registerCatalogItems(server);
  registerTaskTools(server);
  registerProposalTools(server, era, site);
  registerAppTools(server, era);
  registerAuditTools(server);
  return server;
}

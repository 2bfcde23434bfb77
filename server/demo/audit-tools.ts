/**
 * Two tools that ask the same two questions (a sign-up form, then a
 * confirmation carried across rounds in requestState), one written carefully
 * and one carelessly, so `elicitation-inspector audit` has a server on each side
 * of every verdict. Both are written with `inputRequired(...)`, so they run on
 * 2026-07-28 and, through the SDK's shim, on 2025 connections alike.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inputRequired, inputResponse, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { elicit, formAnswer, text } from './helpers';

export const SIGNUP_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 40 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 18, maximum: 120 },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro', 'team'] },
    newsletter: { type: 'boolean', title: 'Newsletter', default: false },
  },
  required: ['name', 'email', 'plan'],
};
const CONFIRM_SCHEMA = { type: 'object', properties: { confirm: { type: 'boolean', title: 'Create the account' } }, required: ['confirm'] };

const SIGNUP_ASK = 'Sign up: who are you?';
const CONFIRM_ASK = 'Create this account?';

export function registerAuditTools(server: McpServer): void {
  // A key of this process's own: a requestState it did not sign, or signed for another round, fails the check.
  const key = randomBytes(32);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  // Each call's state carries a nonce of its own, used once: another call's state, even a signed one, is refused.
  const usedNonces = new Set<string>();

  server.registerTool(
    'audit_careful',
    {
      title: 'Sign up, carefully (for the audit)',
      description: 'Validates every answer against its schema, refuses keys it never asked for, and signs its requestState.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const state = ctx.mcpReq.requestState<string>();
      const round = state === undefined ? 'signup' : 'confirm';
      const unasked = Object.keys(ctx.mcpReq.inputResponses ?? {}).filter((name) => name !== round);
      if (unasked.length) return refuse(`answers to questions it never asked: ${unasked.join(', ')}`);
      if (state === undefined) {
        const signup = formAnswer(ctx, 'signup', SIGNUP_SCHEMA);
        if (signup.state === 'missing') return inputRequired({ inputRequests: { signup: elicit(SIGNUP_ASK, SIGNUP_SCHEMA) } });
        if (signup.state === 'invalid') return refuse(signup.problems);
        if (signup.state !== 'accepted') return { content: [text(`audit_careful: sign-up ${signup.state}`)] };
        const extra = Object.keys(signup.content).filter((name) => !(name in SIGNUP_SCHEMA.properties));
        if (extra.length) return refuse(`properties it never asked for: ${extra.join(', ')}`);
        const payload = Buffer.from(JSON.stringify({ nonce: randomBytes(12).toString('base64url'), account: signup.content })).toString('base64url');
        return inputRequired({ inputRequests: { confirm: elicit(CONFIRM_ASK, CONFIRM_SCHEMA) }, requestState: `${payload}.${sign(payload)}` });
      }
      const [payload = '', signature = ''] = state.split('.');
      const expected = Buffer.from(sign(payload));
      if (Buffer.byteLength(signature) !== expected.length || !timingSafeEqual(Buffer.from(signature), expected)) {
        return refuse('requestState failed its integrity check');
      }
      const { nonce, account } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { nonce: string; account: { name: string } };
      if (usedNonces.has(nonce)) return refuse('requestState was already used by another call');
      const confirm = formAnswer(ctx, 'confirm', CONFIRM_SCHEMA);
      if (confirm.state === 'missing') return inputRequired({ inputRequests: { confirm: elicit(CONFIRM_ASK, CONFIRM_SCHEMA) }, requestState: state });
      if (confirm.state === 'invalid') return refuse(confirm.problems);
      usedNonces.add(nonce);
      if (confirm.state !== 'accepted') return { content: [text(`audit_careful: confirmation ${confirm.state}`)] };
      return { content: [text(confirm.content.confirm === true ? `audit_careful: account created for ${account.name}` : 'audit_careful: not created')] };
    },
  );

  server.registerTool(
    'audit_careless',
    {
      title: 'Sign up, carelessly (for the audit)',
      description: 'Takes whatever comes back, trusts its requestState, and echoes it all.',
      inputSchema: z.object({}),
    },
    async (_args, ctx: ServerContext) => {
      const state = ctx.mcpReq.requestState<string>();
      if (state === undefined) {
        const signup = inputResponse(ctx.mcpReq.inputResponses, 'signup');
        if (signup.kind === 'missing') return inputRequired({ inputRequests: { signup: elicit(SIGNUP_ASK, SIGNUP_SCHEMA) } });
        const content = signup.kind === 'elicit' ? (signup.content ?? {}) : {};
        return inputRequired({ inputRequests: { confirm: elicit(CONFIRM_ASK, CONFIRM_SCHEMA) }, requestState: JSON.stringify(content) });
      }
      let account: unknown = state;
      try {
        account = JSON.parse(state);
      } catch {
        // Careless: a state it cannot read is taken as it is.
      }
      const echoed = { account, responses: ctx.mcpReq.inputResponses ?? {} };
      return { content: [text(`audit_careless: account created ${JSON.stringify(echoed)}`)] };
    },
  );
}

function refuse(why: string) {
  return { content: [text(`audit_careful: refused: ${why}`)], isError: true };
}

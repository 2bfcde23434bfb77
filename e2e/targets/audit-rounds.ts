/**
 * A server for the audit's round and timing cases. On 2026-07-28, two tools ask
 * three questions over three rounds and carry what came before in requestState
 * (two rounds carry one): `rounds_careful` signs each state with its round and a
 * nonce of the call's, used once; `rounds_careless` takes any state in any round.
 * On 2025, `impatient_signup` gives up on its form after 300 ms (its SDK sends
 * notifications/cancelled) and says so; `impatient_strict` does the same, and from
 * its first call on the process exits on a response it no longer waits for, as a
 * server whose error handler is too strict does. It announces its pid on stderr.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { inputRequired, inputResponse, McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

process.stderr.write(`audit-rounds: pid ${process.pid}\n`);
let exitOnStray = false;
const QUESTIONS = ['first', 'second', 'third'] as const;
const key = randomBytes(32);
const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
const usedNonces = new Set<string>();

const ask = (question: string) =>
  inputRequired.elicit({
    message: `The ${question} question`,
    requestedSchema: { type: 'object', properties: { answer: { type: 'string', title: question, maxLength: 40 } }, required: ['answer'] },
  });
const text = (value: string, isError = false) => ({ content: [{ type: 'text' as const, text: value }], ...(isError && { isError }) });

/** The answer to `question` in this retry, if it is a plain accepted string. */
function answerTo(ctx: ServerContext, question: string): string | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, question);
  return view.kind === 'elicit' && view.action === 'accept' && typeof view.content?.answer === 'string' ? view.content.answer : undefined;
}

type Carried = { round: number; nonce: string; answers: string[] };

function careful(_args: unknown, ctx: ServerContext) {
  const state = ctx.mcpReq.requestState<string>();
  let carried: Carried = { round: 0, nonce: randomBytes(12).toString('base64url'), answers: [] };
  if (state !== undefined) {
    const [payload = '', signature = ''] = state.split('.');
    if (sign(payload) !== signature) return text('rounds_careful: refused: requestState failed its integrity check', true);
    carried = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Carried;
    if (usedNonces.has(carried.nonce)) return text('rounds_careful: refused: requestState was already used by another call', true);
  }
  const question = QUESTIONS[carried.round];
  const unasked = Object.keys(ctx.mcpReq.inputResponses ?? {}).filter((name) => name !== question);
  if (unasked.length) return text(`rounds_careful: refused: answers to questions not asked in this round: ${unasked.join(', ')}`, true);
  const answer = answerTo(ctx, question);
  if (answer === undefined) return inputRequired({ inputRequests: { [question]: ask(question) }, ...(state !== undefined && { requestState: state }) });
  const next: Carried = { ...carried, round: carried.round + 1, answers: [...carried.answers, answer] };
  if (next.round === QUESTIONS.length) {
    usedNonces.add(next.nonce);
    return text(`rounds_careful: ${next.answers.join(', ')}`);
  }
  const payload = Buffer.from(JSON.stringify(next)).toString('base64url');
  return inputRequired({ inputRequests: { [QUESTIONS[next.round]]: ask(QUESTIONS[next.round]) }, requestState: `${payload}.${sign(payload)}` });
}

let calls = 0;

function careless(_args: unknown, ctx: ServerContext) {
  const state = ctx.mcpReq.requestState<string>();
  let carried: { call: number; answers: unknown[] } = { call: 0, answers: [] };
  try {
    if (state !== undefined) carried = JSON.parse(state) as typeof carried;
  } catch {
    carried.answers = [state];
  }
  // Careless: the round is whichever question was answered, whatever the state says.
  const answered = QUESTIONS.findIndex((question) => answerTo(ctx, question) !== undefined);
  if (answered === -1) return inputRequired({ inputRequests: { first: ask('first') } });
  const next = { call: answered === 0 ? ++calls : carried.call, answers: [...(carried.answers ?? []), answerTo(ctx, QUESTIONS[answered])] };
  if (answered === QUESTIONS.length - 1) return text(`rounds_careless: ${JSON.stringify(next)}`);
  return inputRequired({ inputRequests: { [QUESTIONS[answered + 1]]: ask(QUESTIONS[answered + 1]) }, requestState: JSON.stringify(next) });
}

serveStdio(() => {
  const server = new McpServer({ name: 'audit-rounds', version: '1.0.0' });
  server.server.onerror = (error) => void (exitOnStray && /unknown message ID/.test(error.message) && process.exit(4));
  server.registerTool('rounds_careful', { description: 'Three rounds, a signed state bound to its round.', inputSchema: z.object({}) }, careful);
  server.registerTool('rounds_careless', { description: 'Three rounds, any state taken.', inputSchema: z.object({}) }, careless);
  const impatient = async (name: string, ctx: ServerContext) => {
    try {
      const answer = await ctx.mcpReq.elicitInput(
        { mode: 'form', message: 'Your name, quickly', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
        { timeout: 300 },
      );
      return text(`${name}: ${JSON.stringify(answer)}`);
    } catch (error) {
      return text(`${name}: no answer in time (${(error as Error).message})`, true);
    }
  };
  server.registerTool('impatient_signup', { description: 'Gives up on its form after 300 ms (2025).', inputSchema: z.object({}) }, (_args, ctx) =>
    impatient('impatient_signup', ctx),
  );
  server.registerTool('impatient_strict', { description: 'The same, and a late answer ends the process.', inputSchema: z.object({}) }, (_args, ctx) => {
    exitOnStray = true;
    return impatient('impatient_strict', ctx);
  });
  return server;
});

/**
 * A server that breaks a headless run three ways (both protocol eras):
 *   hang    never answers the call
 *   die     asks for a form, then exits (code 9) before anyone can answer
 *   flood   asks for 1,000 forms in one call (the SDK's legacy shim pushes them all at once)
 */
import { inputRequired, McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

export const FLOOD_ELICITATIONS = 1000;
const SCHEMA = { type: 'object', properties: { ok: { type: 'boolean' } } } as ElicitRequestFormParams['requestedSchema'];
const ask = (message: string) => inputRequired.elicit({ message, requestedSchema: SCHEMA });

serveStdio(() => {
  const server = new McpServer({ name: 'scenario-hostile', version: '1.0.0' });
  server.registerTool('hang', { description: 'Never answers.', inputSchema: z.object({}) }, () => new Promise(() => {}));
  server.registerTool('die', { description: 'Asks, then exits with code 9.', inputSchema: z.object({}) }, async () => {
    setTimeout(() => process.exit(9), 200);
    return inputRequired({ inputRequests: { last: ask('Answer quickly: this server is about to exit.') } });
  });
  server.registerTool('flood', { description: `Asks for ${FLOOD_ELICITATIONS} forms at once.`, inputSchema: z.object({}) }, async () => {
    const inputRequests = Object.fromEntries(Array.from({ length: FLOOD_ELICITATIONS }, (_, i) => [`q${i}`, ask(`Question ${i + 1}`)]));
    return inputRequired({ inputRequests });
  });
  return server;
});
// Tests read this line from the session's stderr entries to check that the run ended the process.
process.stderr.write(`scenario-hostile: pid ${process.pid}\n`);

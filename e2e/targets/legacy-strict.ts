/**
 * A hand-written 2025-11-25 stdio server that mishandles the 2026-07-28 version
 * probe (`server/discover`), as some servers in the wild do:
 *   legacy-strict.ts ignores-discover          never answers a request it does not know
 *   legacy-strict.ts exits-before-initialize   exits (code 3) when the first request is not `initialize`
 * Otherwise it serves one tool, `whoami`, which answers with its process id, and answers `ping`
 * (which every 2025 revision allows before `initialize`).
 */
import { readMessages, send, type Message } from './raw-stdio';

const scenario = process.argv[2];
let isInitialized = false;

function handle({ id, method }: Message): void {
  if (id === undefined || method === undefined) return; // notifications and responses need no answer
  if (!isInitialized && method !== 'initialize' && scenario === 'exits-before-initialize') {
    process.stderr.write(`legacy-strict: ${method} before initialize, exiting\n`);
    process.exit(3);
  }
  if (method === 'initialize') {
    isInitialized = true;
    return send({
      id,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: `legacy-strict-${scenario}`, version: '1.0.0' } },
    });
  }
  if (method === 'ping') return send({ id, result: {} });
  if (method === 'tools/list')
    return send({ id, result: { tools: [{ name: 'whoami', description: 'Answers with the server process id.', inputSchema: { type: 'object' } }] } });
  if (method === 'tools/call') return send({ id, result: { content: [{ type: 'text', text: `whoami: pid ${process.pid}` }] } });
  if (scenario === 'ignores-discover') return;
  send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

process.stderr.write(`legacy-strict: started (pid ${process.pid})\n`);
readMessages(handle);
process.stdin.on('end', () => process.exit(0));

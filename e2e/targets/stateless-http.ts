/**
 * A stateless MCP server over Streamable HTTP (2025-11-25), raw JSON-RPC: no session id, and each POST
 * handled as by a new server object, so the server's own request ids start from 0 on every POST, as
 * they do in a server that makes a server per request. Prints LOOPBACK_PORT=n once listening.
 *   tools: confirm { item }  asks "Confirm <item>?" (elicitation/create, id 0, on the call's stream),
 *                            then ends the call with "<item>: <action>"
 * An answer (a POST of a response) goes to the oldest call still waiting on one.
 */
import { createServer, type ServerResponse } from 'node:http';

type Message = { id?: string | number; method?: string; params?: { name?: string; arguments?: { item?: unknown } }; result?: { action?: string } };

const waiting: { callId: string | number; item: string; stream: ServerResponse }[] = [];
const event = (message: object) => `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`;

function handle(message: Message, response: ServerResponse): void {
  const { id, method } = message;
  if (!method) {
    // An answer to the server's request: the call waiting on it ends.
    response.writeHead(202).end();
    const call = waiting.shift();
    if (call) call.stream.end(event({ id: call.callId, result: { content: [{ type: 'text', text: `${call.item}: ${message.result?.action}` }] } }));
    return;
  }
  if (id === undefined) return void response.writeHead(202).end();
  const reply = (result: object): void =>
    void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  if (method === 'initialize')
    return reply({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'stateless-http', version: '1.0.0' } });
  if (method === 'tools/list')
    return reply({
      tools: [{ name: 'confirm', description: 'Asks to confirm an item.', inputSchema: { type: 'object', properties: { item: { type: 'string' } } } }],
    });
  if (method === 'tools/call') {
    const asked = message.params?.arguments?.item;
    const item = typeof asked === 'string' ? asked : 'nothing';
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const requestedSchema = { type: 'object', properties: { ok: { type: 'boolean', title: 'OK' } } };
    response.write(event({ id: 0, method: 'elicitation/create', params: { mode: 'form', message: `Confirm ${item}?`, requestedSchema } }));
    waiting.push({ callId: id, item, stream: response });
    return;
  }
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
}

const server = createServer((request, response) => {
  if (request.method !== 'POST') return void response.writeHead(405).end();
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    let message: Message;
    try {
      message = JSON.parse(body) as Message;
    } catch {
      return void response.writeHead(400).end();
    }
    handle(message, response);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stderr.write(`LOOPBACK_PORT=${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

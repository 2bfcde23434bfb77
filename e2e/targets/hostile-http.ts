/**
 * A deliberately hostile MCP server over Streamable HTTP, raw JSON-RPC (no SDK),
 * answering each POST with plain JSON. Prints LOOPBACK_PORT=n once listening.
 *   hostile-http.ts deep-initialize  its initialize result is nested 5,000 levels deep
 *   hostile-http.ts                  tools: deep_result answers 5,000 levels deep
 */
import { createServer } from 'node:http';
import { deepJson, HOSTILE_TOOLS } from './hostile-payloads';

const scenario = process.argv[2] ?? 'tools';

function answer(message: { id?: unknown; method?: string; params?: { name?: string } }): string | undefined {
  const { id, method } = message;
  if (id === undefined || !method) return undefined;
  const result = (json: string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${json}}`;
  if (method === 'initialize') {
    const experimental = scenario === 'deep-initialize' ? deepJson(5000) : '{}';
    return result(
      `{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"experimental":${experimental}},"serverInfo":{"name":"hostile-http","version":"1.0.0"}}`,
    );
  }
  if (method === 'tools/list') return result(JSON.stringify({ tools: HOSTILE_TOOLS.filter((t) => t.name === 'deep_result') }));
  if (method === 'tools/call') return result(`{"content":[{"type":"text","text":"a deep result"}],"structuredContent":{"deep":${deepJson(5000)}}}`);
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32601,"message":"Method not found"}}`;
}

const server = createServer((request, response) => {
  if (request.method !== 'POST') return void response.writeHead(405).end();
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    let reply: string | undefined;
    try {
      reply = answer(JSON.parse(body));
    } catch {
      return void response.writeHead(400).end();
    }
    if (reply === undefined) return void response.writeHead(202).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(reply);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stderr.write(`LOOPBACK_PORT=${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

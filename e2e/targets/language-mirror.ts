/**
 * Streamable HTTP on loopback, written from SEP-2792's HTTP binding: it keeps each
 * HTTP request's `Accept-Language` field lines as they arrived (a server must see
 * every line, not the first), refuses a request whose header and
 * `params._meta["io.modelcontextprotocol/acceptLanguage"]` are both there and do not
 * agree character for character (400, HeaderMismatch -32020), and its tool
 * `heard_languages` answers with what every HTTP request so far carried, as JSON.
 * Prints LOOPBACK_PORT=n.
 */
import { serve } from '@hono/node-server';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const META_KEY = 'io.modelcontextprotocol/acceptLanguage';

/** One HTTP request as received: its method, the JSON-RPC messages in its body, its `Accept-Language` lines, and the `_meta` language of each request. */
type Heard = { http: string; rpc: string[]; header: string[]; meta: (string | null)[] };
const heard: Heard[] = [];

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'language-mirror', version: '1.0.0' });
  server.registerTool('heard_languages', { description: 'What every HTTP request so far carried as its language.', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: JSON.stringify(heard) }],
  }));
  return server;
});

/** The messages of a JSON-RPC body: a request names its method, a notification too, a response is "response". */
function messagesOf(body: string): { rpc: string; id?: unknown; meta?: unknown }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).map((message: Record<string, unknown>) => {
    const params = message.params as { _meta?: Record<string, unknown> } | undefined;
    if (typeof message.method !== 'string') return { rpc: 'response' };
    return { rpc: message.method, id: message.id, meta: params?._meta?.[META_KEY] };
  });
}

const server = serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request, { incoming }) => {
      const raw = incoming.rawHeaders;
      const header = raw.flatMap((name, i) => (i % 2 === 0 && name.toLowerCase() === 'accept-language' ? [raw[i + 1] ?? ''] : []));
      const messages = request.method === 'POST' ? messagesOf(await request.clone().text()) : [];
      heard.push({
        http: request.method,
        rpc: messages.map((m) => m.rpc),
        header,
        meta: messages.filter((m) => 'id' in m && m.id !== undefined).map((m) => (typeof m.meta === 'string' ? m.meta : null)),
      });
      // Exact agreement: lines joined with ", " as received, the _meta string as decoded, neither trimmed nor case-folded.
      const mismatched = messages.find((m) => typeof m.meta === 'string' && header.length > 0 && header.join(', ') !== m.meta);
      if (mismatched) {
        const error = {
          code: -32020,
          message: `HeaderMismatch: Accept-Language ${JSON.stringify(header.join(', '))} does not agree with _meta ${JSON.stringify(mismatched.meta)}`,
        };
        return Response.json({ jsonrpc: '2.0', id: mismatched.id ?? null, error }, { status: 400 });
      }
      return handler.fetch(request);
    },
  },
  (info) => process.stderr.write(`LOOPBACK_PORT=${info.port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * A hand-written JSON-RPC server (no SDK), for what an SDK server will not do:
 *   raw-protocol.ts push-on-2026   speaks 2026-07-28 and still pushes elicitation/create
 *   raw-protocol.ts 2025-06-18     speaks 2025-06-18 and sends URL mode and 2025-11-25 schema features
 */
import { ask, readMessages, send, type Message } from './raw-stdio';

const scenario = process.argv[2];

const SERVER_INFO = { name: `raw-${scenario}`, version: '1.0.0' };
const modern = (result: object) => ({ ...result, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } });

async function handle(message: Message): Promise<void> {
  const { id, method } = message;
  if (id === undefined) return; // notifications need no answer
  if (scenario === 'push-on-2026') {
    if (method === 'server/discover') return send({ id, result: modern({ supportedVersions: ['2026-07-28'], capabilities: { tools: {} } }) });
    if (method === 'tools/list')
      return send({
        id,
        result: modern({
          tools: [{ name: 'push_anyway', description: 'Pushes elicitation/create although 2026-07-28 forbids it.', inputSchema: { type: 'object' } }],
        }),
      });
    if (method === 'tools/call') {
      send({
        id: 'srv-1',
        method: 'elicitation/create',
        params: { message: 'Pushed on 2026-07-28', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      });
      return send({ id, result: modern({ content: [{ type: 'text', text: 'push_anyway: pushed a request the client must drop' }] }) });
    }
  }
  if (scenario === '2025-06-18') {
    if (method === 'initialize') return send({ id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: SERVER_INFO } });
    if (method === 'tools/list')
      return send({
        id,
        result: { tools: [{ name: 'old_and_new', description: 'Sends URL mode, then a form with 2025-11-25 features.', inputSchema: { type: 'object' } }] },
      });
    if (method === 'tools/call') {
      const url = await ask('elicitation/create', { mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'u1' }, 'u1');
      const form = await ask(
        'elicitation/create',
        {
          message: 'A 2025-06-18 form with newer features',
          requestedSchema: {
            type: 'object',
            properties: {
              color: {
                type: 'string',
                title: 'Color',
                oneOf: [
                  { const: 'r', title: 'Red' },
                  { const: 'g', title: 'Green' },
                ],
                default: 'g',
              },
              tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] } },
            },
          },
        },
        'f1',
      );
      return send({
        id,
        result: {
          content: [{ type: 'text', text: `old_and_new: url ${url.error ? 'refused' : 'answered'}, form ${JSON.stringify(form.result ?? form.error)}` }],
        },
      });
    }
  }
  send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

readMessages(handle);
process.stdin.on('end', () => process.exit(0));

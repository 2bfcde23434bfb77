/**
 * A hand-written JSON-RPC server (no SDK; an SDK server refuses to do this) that
 * asks the client for what it may not have declared, and asks badly:
 *   ask_roots        pushes roots/list (2025-11-25), or asks for it in an input_required round (2026-07-28)
 *   ask_sampling     the same with sampling/createMessage
 *   bad_sampling     a sampling request whose maxTokens and messages are malformed
 *   hologram_sampling a sampling request whose message content has a type the spec does not know
 *   denied_by_url    (2026-07-28) an authorization denial remedied by a URL elicitation (SEP-2643), whatever the client declared
 *   denied_badly     (2026-07-28) the same with an envelope that is not one
 *   refused_oddly    a final result with a denial envelope the proposal does not allow there: not isError, hints with "unavailable", a "url" hint
 *   translated_keys  a form whose property key is translated too, by the request's acceptLanguage (SEP-2792): the mistake a finding names
 * The tool's text says what the client answered.
 */
import { ask, readMessages, send, type Message } from './raw-stdio';

const SERVER_INFO = { name: 'client-requests', version: '1.0.0' };
const modern = (result: object) => ({ ...result, _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } });
const SAMPLING = { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }], maxTokens: 50 };
const ASKS: Record<string, { method: string; params: object }> = {
  ask_roots: { method: 'roots/list', params: {} },
  ask_sampling: { method: 'sampling/createMessage', params: SAMPLING },
  bad_sampling: { method: 'sampling/createMessage', params: { messages: 'hello', maxTokens: -5 } },
  hologram_sampling: {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'hologram', data: 'a cat, in 3D' } }], maxTokens: 50 },
  },
};
const DENIALS: Record<string, object> = {
  denied_by_url: {
    reason: 'insufficient_authorization',
    remediation: 'available',
    authorizationContextId: 'authzctx_raw',
    remediationHints: [{ type: 'url' }],
  },
  denied_badly: { remediation: 'maybe', remediationHints: 'none' },
};
const APPROVE = { method: 'elicitation/create', params: { mode: 'url', message: 'Approve access to the folder.', url: 'https://example.com/approve' } };
/** SEP-2792 done wrong: `nom` in French, `name` otherwise. */
function translatedKeysForm(meta: unknown): { method: string; params: object } {
  const language = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)['io.modelcontextprotocol/acceptLanguage'] : undefined;
  const key = language === 'fr' ? 'nom' : 'name';
  const schema = { type: 'object', properties: { [key]: { type: 'string', title: key === 'nom' ? 'Nom' : 'Name' } } };
  return { method: 'elicitation/create', params: { mode: 'form', message: key === 'nom' ? 'Votre nom ?' : 'Your name?', requestedSchema: schema } };
}
const TOOLS = [
  { name: 'translated_keys', description: 'Asks a form whose key changes with the language', inputSchema: { type: 'object' } },
  ...Object.keys(ASKS).map((name) => ({ name, description: `Asks the client: ${ASKS[name]?.method}`, inputSchema: { type: 'object' } })),
  ...Object.keys(DENIALS).map((name) => ({ name, description: 'Denies the call until a URL is visited (2026-07-28)', inputSchema: { type: 'object' } })),
  { name: 'refused_oddly', description: 'Returns a result that is not an error, with a denial envelope', inputSchema: { type: 'object' } },
];
/** SEP-2643 done wrong on a final result: the envelope says the call was not performed, the result does not say isError, and a final denial lists hints. */
const ODD_REFUSAL = { reason: 'insufficient_authorization', remediation: 'unavailable', remediationHints: [{ type: 'url' }] };

async function handle(message: Message): Promise<void> {
  const { id, method, params = {} } = message;
  if (id === undefined) return; // notifications need no answer
  if (method === 'initialize') return send({ id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: SERVER_INFO } });
  if (method === 'server/discover')
    return send({ id, result: modern({ supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, resultType: 'complete' }) });
  const meta = params._meta;
  const isModern = typeof meta === 'object' && meta !== null && 'io.modelcontextprotocol/protocolVersion' in meta;
  const wrap = (result: object) => (isModern ? modern({ ...result, resultType: 'complete' }) : result);
  if (method === 'tools/list') return send({ id, result: wrap({ tools: TOOLS }) });
  const wanted = method !== 'tools/call' ? undefined : params.name === 'translated_keys' ? translatedKeysForm(meta) : ASKS[String(params.name)];
  if (wanted) {
    const answer = (text: string) => send({ id, result: wrap({ content: [{ type: 'text', text }] }) });
    if (!isModern) {
      const reply = await ask(wanted.method, wanted.params);
      return answer(`${String(params.name)}: ${JSON.stringify(reply.result ?? reply.error)}`);
    }
    const responses = params.inputResponses as Record<string, unknown> | undefined;
    if (responses) return answer(`${String(params.name)}: ${JSON.stringify(responses.it ?? 'left out')}`);
    return send({ id, result: modern({ resultType: 'input_required', inputRequests: { it: wanted } }) });
  }
  if (method === 'tools/call' && params.name === 'refused_oddly') {
    const result = wrap({ content: [{ type: 'text', text: 'refused_oddly: done, or was it?' }] }) as { _meta?: object };
    return send({ id, result: { ...result, _meta: { ...result._meta, 'io.modelcontextprotocol/authorization': ODD_REFUSAL } } });
  }
  const denial = method === 'tools/call' && isModern ? DENIALS[String(params.name)] : undefined;
  if (denial) {
    const responses = params.inputResponses as Record<string, unknown> | undefined;
    const echoed = JSON.stringify((meta as Record<string, unknown>)['io.modelcontextprotocol/authorization-context-id'] ?? 'no id echoed');
    if (responses)
      return send({ id, result: wrap({ content: [{ type: 'text', text: `${String(params.name)}: ${JSON.stringify(responses.it)}; ${echoed}` }] }) });
    const result = { resultType: 'input_required', inputRequests: { it: APPROVE }, requestState: 'denied' };
    return send({ id, result: { ...result, _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO, 'io.modelcontextprotocol/authorization': denial } } });
  }
  send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}

readMessages(handle);
process.stdin.on('end', () => process.exit(0));

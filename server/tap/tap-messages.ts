/**
 * What the tap reads off a peer's messages, for the recorder: who the host is and what it
 * declared, a peer's implementation info, ids and errors, kept as the log's schemas hold them.
 */
import type { NewLogEvent } from '../wire/events';
import type { TapHost } from '../wire/target';

type RpcId = string | number;
type Message = Record<string, unknown>;

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** What a host's first message says of it: `initialize` params, or a 2026-07-28 request's `_meta` envelope. */
export function hostOf(message: Message): TapHost {
  const params = isObject(message.params) ? message.params : {};
  if (message.method === 'initialize') {
    const clientInfo = implementationOf(params.clientInfo);
    return {
      ...(clientInfo && { clientInfo }),
      ...(isObject(params.capabilities) && { capabilities: params.capabilities }),
      ...(typeof params.protocolVersion === 'string' && { protocolVersion: params.protocolVersion }),
    };
  }
  const meta = isObject(params._meta) ? params._meta : {};
  const clientInfo = implementationOf(meta[META.clientInfo]);
  const capabilities = meta[META.clientCapabilities];
  const version = meta[META.protocolVersion];
  return {
    ...(clientInfo && { clientInfo }),
    ...(isObject(capabilities) && { capabilities }),
    ...(typeof version === 'string' && { protocolVersion: version }),
  };
}

/**
 * The elicitation modes a host's capabilities declare: `elicitation: {}` is form mode alone
 * (2025-06-18 had no modes), and from 2025-11-25 each mode is a key.
 */
export function declaredModes(capabilities: Record<string, unknown>): { form: boolean; url: boolean } {
  const elicitation = capabilities.elicitation;
  if (!isObject(elicitation)) return { form: false, url: false };
  const hasForm = elicitation.form !== undefined;
  const hasUrl = elicitation.url !== undefined;
  return { form: hasForm || !hasUrl, url: hasUrl };
}

/**
 * A peer's `clientInfo` or `serverInfo` as the log's schema holds it: a string name, and a
 * version only when it is a string. What else it says is kept as sent; an odd version must
 * not make the entry, and with it the session, unreadable.
 */
export function implementationOf(value: unknown): { name: string; version?: string; [key: string]: unknown } | undefined {
  if (!isObject(value) || typeof value.name !== 'string') return undefined;
  const { version, ...rest } = value;
  return { ...rest, name: value.name, ...(typeof version === 'string' && { version }) };
}

export function rpcIdOf(value: unknown): RpcId | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

export function rpcErrorOf(value: unknown): { code: number; message: string; data?: unknown } {
  if (isObject(value) && typeof value.code === 'number' && typeof value.message === 'string') {
    return { code: value.code, message: value.message, ...(value.data !== undefined && { data: value.data }) };
  }
  return { code: -32603, message: 'The server answered with neither a result nor a well-formed error.' };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the server's answer to the handshake says: its era and revision, its name, and the session's ready state. */
export function handshakeOf(
  method: string,
  result: Message,
  hostProtocolVersion: string | undefined,
): { era: 'legacy' | 'modern'; protocolVersion: string; serverName: string; state: NewLogEvent } {
  const meta = isObject(result._meta) ? result._meta : {};
  const isModern = method === 'server/discover';
  const rawInfo = result.serverInfo ?? meta[META.serverInfo];
  const info: Record<string, unknown> | undefined = isObject(rawInfo) ? rawInfo : undefined;
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  const era = isModern ? 'modern' : 'legacy';
  const protocolVersion = isModern
    ? (hostProtocolVersion ?? (typeof supported[0] === 'string' ? supported[0] : '2026-07-28'))
    : typeof result.protocolVersion === 'string'
      ? result.protocolVersion
      : 'unknown';
  const serverInfo = implementationOf(info);
  const serverName = typeof info?.title === 'string' ? info.title : (serverInfo?.name ?? '');
  return {
    era,
    protocolVersion,
    serverName,
    state: {
      kind: 'session-state',
      state: 'ready',
      protocolVersion,
      era,
      ...(serverInfo && { serverInfo }),
      ...(isObject(result.capabilities) && { serverCapabilities: result.capabilities }),
      ...(typeof result.instructions === 'string' && { instructions: result.instructions }),
    },
  };
}

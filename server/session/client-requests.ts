/**
 * The server's requests to the client besides elicitation: `roots/list` and
 * `sampling/createMessage`, whether pushed (2025 era) or embedded in an
 * `input_required` round (2026-07-28), and what the inspector says about a
 * server that asks for one the client did not declare.
 */
import type { Finding } from '../wire/events';
import type { Root, SessionSettings } from '../wire/target';

/** Request kinds a client declares by capability, and the capability that covers each. */
const DECLARED_BY: Record<string, keyof Pick<SessionSettings, 'roots'>> = {
  'roots/list': 'roots',
};

/** The roots `roots/list` answers with, or undefined when the client does not declare roots. */
export function declaredRoots(settings: SessionSettings): Root[] | undefined {
  return settings.roots.enabled ? settings.roots.list : undefined;
}

/** The answer to `roots/list`: a copy, so a later edit of the list cannot change what was logged as sent. */
export function rootsResult(roots: Root[]): { roots: Root[] } {
  return { roots: roots.map((root) => ({ ...root })) };
}

/**
 * A finding for a request of a kind the client did not declare (the spec says a
 * server MUST NOT send it), or nothing. `where` says how it came: pushed, or as
 * the input request `key` of a 2026-07-28 round.
 */
export function undeclaredRequestFinding(method: string, settings: SessionSettings, where: { inputKey?: string } = {}): Finding | undefined {
  const capability = DECLARED_BY[method];
  if (!capability || settings[capability].enabled) return undefined;
  const how = where.inputKey === undefined ? `sent a ${method} request` : `asked for ${method} in input request "${where.inputKey}"`;
  return {
    code: 'undeclared-request',
    severity: 'error',
    message: `The server ${how}, but this client did not declare the "${capability}" capability; a server must not ask for what the client did not declare.`,
  };
}

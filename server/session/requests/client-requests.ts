/**
 * The server's requests to the client besides elicitation: `roots/list` and
 * `sampling/createMessage`, whether pushed (2025 era) or embedded in an
 * `input_required` round (2026-07-28), and what the inspector says about a
 * server that asks for one the client did not declare.
 */
import { ProtocolError, type CreateMessageResult } from '@modelcontextprotocol/client';
import { findingOf, type RaisedFinding } from '../../wire/finding-codes';
import type { ElicitAnswer } from './broker';
import type { Root, SessionSettings } from '../../wire/target';

/** Request kinds a client declares by capability, and the capability that covers each. */
const DECLARED_BY: Record<string, keyof Pick<SessionSettings, 'roots' | 'sampling'>> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
};

/** The roots `roots/list` answers with, or undefined when the client does not declare roots. */
export function declaredRoots(settings: SessionSettings): Root[] | undefined {
  return settings.roots.enabled ? settings.roots.list : undefined;
}

/** The answer to `roots/list`: a copy, so a later edit of the list cannot change what was logged as sent. */
export function rootsResult(roots: Root[]): { roots: Root[] } {
  return { roots: roots.map((root) => ({ ...root })) };
}

/** The spec's code for a person refusing a sampling request (2025 push): a JSON-RPC error, not a result. */
export const SAMPLING_REJECTED_CODE = -1;

/**
 * What a pushed sampling/createMessage gets: the accepted reply (the broker checked
 * its shape), or the spec's "User rejected sampling request" error for decline
 * and cancel (sampling has no decline result).
 */
export function samplingAnswerOrRefusal(answer: ElicitAnswer): CreateMessageResult {
  if (answer.action === 'accept' && answer.content) return answer.content as CreateMessageResult;
  throw new ProtocolError(SAMPLING_REJECTED_CODE, `User rejected sampling request (${answer.action})`);
}

/**
 * A finding for a request of a kind the client did not declare (the spec says a
 * server MUST NOT send it), or nothing. `where` says how it came: pushed, or as
 * the input request `key` of a 2026-07-28 round.
 */
export function undeclaredRequestFinding(method: string, settings: SessionSettings, where: { inputKey?: string } = {}): RaisedFinding | undefined {
  const capability = DECLARED_BY[method];
  if (!capability || settings[capability].enabled) return undefined;
  const how = where.inputKey === undefined ? `sent a ${method} request` : `asked for ${method} in input request "${where.inputKey}"`;
  return findingOf(
    'undeclared-request',
    `The server ${how}, but this client did not declare the "${capability}" capability; a server must not ask for what the client did not declare.`,
  );
}

import type { SessionRegistry } from '../registry/session-registry';
import { SessionQuery } from '../store/session-query';
import type { ClientCommand, CommandResults } from '../wire/commands';
import { WireFailure } from '../wire/errors';

type QueryCommand = Extract<ClientCommand, { type: 'open-entries' | 'read-entries' | 'find-entries' | 'list-calls' }>;

/** Sessions whose index is kept; one opened after these lets the least recent go (its index is built again if asked). */
const KEPT_SESSIONS = 4;
const queriesByRegistry = new WeakMap<SessionRegistry, Map<string, SessionQuery>>();

/** The big-session queries: thin, like every command; what they mean is in server/store/session-query.ts. */
export async function runQuery(command: QueryCommand, registry: SessionRegistry): Promise<CommandResults[QueryCommand['type']]> {
  const query = queryFor(registry, command.params.sessionId);
  switch (command.type) {
    case 'open-entries':
      return query.open();
    case 'read-entries':
      return query.read(command.params);
    case 'find-entries':
      return query.find(command.params.filter, command.params.offset);
    case 'list-calls':
      return query.calls(command.params.offset);
  }
}

function queryFor(registry: SessionRegistry, sessionId: string): SessionQuery {
  const path = registry.filePath(sessionId);
  if (!path) {
    if (!registry.source(sessionId)) throw new WireFailure('not-found', `No session ${sessionId}.`);
    throw new WireFailure('conflict', 'This session is kept in memory only (no data folder): it is sent whole, not queried.');
  }
  let kept = queriesByRegistry.get(registry);
  if (!kept) queriesByRegistry.set(registry, (kept = new Map<string, SessionQuery>()));
  let query = kept.get(path);
  if (query) kept.delete(path);
  else query = new SessionQuery(path);
  kept.set(path, query);
  if (kept.size > KEPT_SESSIONS) kept.delete(kept.keys().next().value ?? '');
  return query;
}

/**
 * The header's one-line answer to "can I drive a server from this page?": exact
 * texts, documented in the README, so a script can wait for one with toHaveText.
 */
import type { SessionSummary } from '@wire/commands';
import type { SocketState } from '@app/model/connection';
import type { StatusView } from '@app/model/session-store';

export const CONNECTION_STATES = [
  'Connected',
  'Connecting…',
  'Disconnected',
  'No session',
  'Reaching the inspector…',
  'Inspector lost, reconnecting…',
  'Inspector unreachable or token refused',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export type ConnectionStatus = { text: ConnectionState; tone: 'success' | 'info' | 'warning' | 'danger' | 'neutral' };

/**
 * Without the socket to the inspector the page knows nothing current, so that comes
 * first: the session's last known state would be a guess. A session that is not live
 * (recorded by an earlier run, imported) is disconnected whatever its log last said.
 */
export function connectionStatus(socket: SocketState, status: StatusView | undefined, summary: SessionSummary | undefined): ConnectionStatus {
  if (socket === 'reconnecting') return { text: 'Inspector lost, reconnecting…', tone: 'warning' };
  if (socket === 'refused') return { text: 'Inspector unreachable or token refused', tone: 'danger' };
  if (socket === 'connecting') return { text: 'Reaching the inspector…', tone: 'info' };
  if (!status) return { text: 'No session', tone: 'neutral' };
  if (summary && !summary.isLive) return { text: 'Disconnected', tone: 'neutral' };
  if (status.state === 'ready') return { text: 'Connected', tone: 'success' };
  if (status.state === 'connecting') return { text: 'Connecting…', tone: 'info' };
  return { text: 'Disconnected', tone: 'neutral' };
}

/** Whether the session on screen can be driven: live by its log, and not a read-only record. */
export function isDrivable(status: StatusView | undefined, summary: SessionSummary | undefined): boolean {
  if (!status || (summary && !summary.isLive)) return false;
  return status.state === 'ready' || status.state === 'connecting';
}

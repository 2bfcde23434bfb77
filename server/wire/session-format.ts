/** The session file format, shared by the proxy (which writes and imports it) and the page (which exports views). */
import { EVENT_SCHEMA_VERSION } from './events';

export const SESSION_FILE_FORMAT = 'elicitation-inspector-session';

/** The first line of a session file. Every following line is one LogEvent, in seq order. */
export type SessionHeaderLine = {
  format: typeof SESSION_FILE_FORMAT;
  /** EVENT_SCHEMA_VERSION of the events that follow. */
  version: number;
  sessionId: string;
  /** Epoch ms. */
  createdAt: number;
  /** Set on a file made by importing another one: the session id it had there. */
  importedFrom?: string;
  /**
   * Which machine writes the file (a digest of its host name): a process id in it (a tap's
   * `relayPid`) names a process of that machine, so a follower elsewhere does not check it.
   */
  writtenOn?: string;
};

export function sessionHeader(sessionId: string, createdAt: number, importedFrom?: string): SessionHeaderLine {
  return { format: SESSION_FILE_FORMAT, version: EVENT_SCHEMA_VERSION, sessionId, createdAt, ...(importedFrom && { importedFrom }) };
}

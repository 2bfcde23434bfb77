/**
 * The session file format: JSONL, one header line then one LogEvent a line.
 * Documented in the README ("Session files").
 */
import { EVENT_SCHEMA_VERSION } from '../wire/events';

export const SESSION_FILE_FORMAT = 'elicitation-inspector-session';

export type SessionHeader = {
  format: typeof SESSION_FILE_FORMAT;
  version: number;
  sessionId: string;
  createdAt: number;
};

export function sessionHeader(sessionId: string, createdAt: number): SessionHeader {
  return { format: SESSION_FILE_FORMAT, version: EVENT_SCHEMA_VERSION, sessionId, createdAt };
}

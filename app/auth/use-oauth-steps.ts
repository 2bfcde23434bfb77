import { useRef } from 'react';
import type { SessionSnapshot } from '@app/model/session-store';
import { isOAuthStep, type OAuthStepEvent } from './oauth-view';

/**
 * The session's `oauth` entries, read incrementally: the events array only
 * grows, so each render scans what arrived since the last one (a 100k-entry
 * log is not walked again for every new entry).
 */
export function useOAuthSteps(session: SessionSnapshot | undefined): readonly OAuthStepEvent[] {
  const cache = useRef<{ sessionId: string; scanned: number; steps: OAuthStepEvent[] }>({ sessionId: '', scanned: 0, steps: [] });
  if (!session) return [];
  let current = cache.current;
  if (current.sessionId !== session.sessionId || session.events.length < current.scanned) {
    current = { sessionId: session.sessionId, scanned: 0, steps: [] };
  }
  if (session.events.length > current.scanned) {
    const added = session.events.slice(current.scanned).filter(isOAuthStep);
    current = { sessionId: session.sessionId, scanned: session.events.length, steps: added.length ? [...current.steps, ...added] : current.steps };
  }
  cache.current = current;
  return current.steps;
}

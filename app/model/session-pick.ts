import type { SessionSummary } from '@wire/commands';

/** What the page shows before the person picks a session. */
export type AutoPick = {
  sessionId: string;
  /** The session was already over when the page chose it: nothing live existed yet. */
  wasEnded: boolean;
};

/**
 * Which session the page should show, given the proxy's list, while the person has not chosen one;
 * undefined to keep what it shows.
 *
 * Nothing shown: the first live session, else the newest record. Shown a record because nothing was
 * live (a restarted inspector lists its old sessions before its own start-up session is registered):
 * the first live session to appear. Shown a session that ended while the page watched it (a crash):
 * kept, so the person can read why, whatever else is live.
 */
export function autoPick(sessions: readonly SessionSummary[], shown: AutoPick | undefined): AutoPick | undefined {
  const live = sessions.find((s) => s.isLive);
  if (shown === undefined) {
    const pick = live ?? sessions[0];
    return pick && { sessionId: pick.sessionId, wasEnded: !pick.isLive };
  }
  if (shown.wasEnded && live && live.sessionId !== shown.sessionId) return { sessionId: live.sessionId, wasEnded: false };
  return undefined;
}

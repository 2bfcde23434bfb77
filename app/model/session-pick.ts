import type { SessionSummary } from '@wire/commands';
import { tapHostOf } from '@wire/target-names';

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

/** The session the page shows, as far as following a tapped session goes. */
export type ShownSession = {
  sessionId: string;
  isLive: boolean;
  isTapped: boolean;
  /** Nothing done in it yet: no call, no request from its server. */
  isIdle: boolean;
};

/**
 * What to do with the live tapped sessions the page has not dealt with yet (`seen`): show the
 * newest when the page shows nothing, or a live session of the inspector's own where nothing has
 * happened yet (docs/tap.md: the page follows the host); else announce them, so a person busy
 * with a session is never taken from it.
 */
export function tapPick(
  sessions: readonly SessionSummary[],
  shown: ShownSession | undefined,
  seen: ReadonlySet<string>,
): { show: string | undefined; announce: string[] } {
  const fresh = sessions
    .filter((s) => s.isLive && tapHostOf(s.target) !== undefined && !seen.has(s.sessionId) && s.sessionId !== shown?.sessionId)
    .map((s) => s.sessionId);
  if (fresh.length === 0) return { show: undefined, announce: [] };
  const isFree = shown === undefined || (shown.isLive && !shown.isTapped && shown.isIdle);
  return isFree ? { show: fresh[0], announce: fresh.slice(1) } : { show: undefined, announce: fresh };
}

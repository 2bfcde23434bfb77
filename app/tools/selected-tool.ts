/**
 * Which tool the middle column shows. The pick is kept per session in the tab's
 * sessionStorage, so a reload shows the same tool and its calls; with no pick, the
 * tool of the session's latest call (a reopened session shows what was last run).
 */
import type { SessionSnapshot } from '@app/model/session-store';

const KEY_PREFIX = 'elicitation-inspector.tool.';

export function readPickedTool(storage: Pick<Storage, 'getItem'> | undefined, sessionId: string): string | undefined {
  try {
    return storage?.getItem(KEY_PREFIX + sessionId) ?? undefined;
  } catch {
    // Storage switched off: the page falls back to the latest call's tool.
    return undefined;
  }
}

export function storePickedTool(storage: Pick<Storage, 'setItem'> | undefined, sessionId: string, name: string): void {
  try {
    storage?.setItem(KEY_PREFIX + sessionId, name);
  } catch {
    // As above: forgetting a pick across reloads is harmless.
  }
}

/**
 * The pick for this session, else the previous session's pick when this one lists that
 * tool too (a reconnect keeps the tool on screen), else the tool of the latest call.
 */
export function shownTool(session: SessionSnapshot | undefined, picked: string | undefined, previousPick: string | undefined): string | undefined {
  if (!session) return undefined;
  if (picked) return picked;
  if (previousPick && session.tools.some((t) => t.name === previousPick)) return previousPick;
  for (let i = session.calls.length - 1; i >= 0; i--) if (session.calls[i].method === 'tools/call') return session.calls[i].name;
  return undefined;
}

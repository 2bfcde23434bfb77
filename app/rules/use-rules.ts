import { useRef, useState, useSyncExternalStore } from 'react';
import type { RuleSet } from '@wire/rules';
import { pageRulesDraft } from '@app/model/rules-draft';
import { useApp, useAppStore, useSessionSummary } from '@app/state/app-context';

/**
 * The rules the Rules panel shows and edits. While a session is live they are
 * its own, kept by the proxy in its settings (so a reload or another tab sees
 * them); every change sends `set-rules`. Otherwise they are this page's rules
 * for the next connection, which Connect sends as `settings.rules`. A live
 * change is kept for the next connection too, so a disconnect loses nothing.
 * A page with none of its own, on an inspector started with `--rules`, shows
 * the rules that stand in the proxy instead (Connect sends none, and the proxy
 * gives the new session those), and a change to them goes to the proxy
 * (`set-standing-rules`), so what the panel lists is what the next session gets.
 */
export function useRules() {
  const app = useAppStore();
  const summary = useSessionSummary();
  const rulesDraft = pageRulesDraft();
  const draft = useSyncExternalStore(rulesDraft.subscribe, rulesDraft.get);
  const { standingRules } = useApp();
  const live = summary?.isLive ? summary : undefined;
  // The proxy's way with a Connect (SessionRegistry.pageSettings): a page's own rules apply as sent, none mean the standing ones.
  const standing = !live && draft.rules.length === 0 ? standingRules : undefined;
  const source = live ? live.settings.rules : (standing ?? draft);
  // Shown from the moment of the change until the proxy's sessions list carries it (or the change fails),
  // so a second move in quick succession starts from the first.
  const [sent, setSent] = useState<RuleSet>();
  const lastSent = useRef<RuleSet>(undefined);
  const rules = sent ?? source;

  const save = async (next: RuleSet): Promise<void> => {
    if (!live && !standing) {
      rulesDraft.set(next);
      return;
    }
    setSent(next);
    lastSent.current = next;
    try {
      if (live) {
        await app.connection.send('set-rules', { sessionId: live.sessionId, rules: next });
        rulesDraft.set(next);
      } else await app.connection.send('set-standing-rules', { rules: next });
    } finally {
      // A later change still on its way keeps showing; only the last one's reply lets the proxy's list show.
      if (lastSent.current === next) setSent(undefined);
    }
  };

  return { rules, isLive: live !== undefined, isStanding: standing !== undefined, save };
}

/**
 * The response rules this page keeps for its next connection: what the Rules
 * panel edits while no session is live, and what Connect sends as
 * `settings.rules`. Kept in localStorage so a reload (or a new tab) keeps them;
 * a live session's own rules live in the proxy, in its settings.
 */
import { EMPTY_RULES, RuleSetSchema, type RuleSet } from '@wire/rules';

export const RULES_STORAGE_KEY = 'elicitation-inspector.rules';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export class RulesDraft {
  private rules: RuleSet;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: Storage | undefined) {
    this.rules = load(storage);
  }

  get = (): RuleSet => this.rules;

  set(rules: RuleSet): void {
    this.rules = rules;
    try {
      this.storage?.setItem(RULES_STORAGE_KEY, JSON.stringify(rules));
    } catch {
      // Storage full or refused (a private window): the rules still hold for this page's life.
    }
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

let pageDraft: RulesDraft | undefined;

/** The page's one draft, over its localStorage; made when a panel first asks (the Rules panel, Connect). */
export function pageRulesDraft(): RulesDraft {
  return (pageDraft ??= new RulesDraft(typeof localStorage === 'undefined' ? undefined : localStorage));
}

/** What was kept, if it still reads as a rule set; anything else (edited by hand, an older shape) is dropped. */
function load(storage: Storage | undefined): RuleSet {
  try {
    const text = storage?.getItem(RULES_STORAGE_KEY);
    if (!text) return EMPTY_RULES;
    const parsed = RuleSetSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_RULES;
  } catch {
    // Not JSON, or storage refused: start with no rules rather than fail the page.
    return EMPTY_RULES;
  }
}

/**
 * Light or dark: the person's choice (System, Light, Dark) is remembered per browser;
 * System follows prefers-color-scheme. No React here, so the rules are unit-tested.
 */

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'elicitation-inspector.theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function readThemeChoice(storage: Pick<Storage, 'getItem'> | undefined): ThemeChoice {
  try {
    const value = storage?.getItem(STORAGE_KEY);
    return isThemeChoice(value) ? value : 'system';
  } catch {
    // Storage can be switched off; following the system is the right default then.
    return 'system';
  }
}

export function storeThemeChoice(storage: Pick<Storage, 'setItem'> | undefined, choice: ThemeChoice): void {
  try {
    storage?.setItem(STORAGE_KEY, choice);
  } catch {
    // As above: the choice still holds for this page, it is only not remembered.
  }
}

export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): Theme {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice;
}

/** The stylesheet keys its dark palette on this attribute (app/styles.css). */
export function applyTheme(root: Pick<HTMLElement, 'dataset'>, theme: Theme): void {
  root.dataset.theme = theme;
}

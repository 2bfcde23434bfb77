import { useSyncExternalStore } from 'react';
import { applyTheme, DARK_QUERY, readThemeChoice, resolveTheme, storeThemeChoice, type ThemeChoice } from './theme';

/*
 * One theme per page, so one small store: the header's switch and the command palette
 * both change it, and each must show what the other picked.
 */
const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const listeners = new Set<() => void>();
let current: ThemeChoice | undefined;

function themeChoice(): ThemeChoice {
  current ??= readThemeChoice(storage());
  return current;
}

function applyChoice(): void {
  applyTheme(document.documentElement, resolveTheme(themeChoice(), window.matchMedia(DARK_QUERY).matches));
}

/** Apply the remembered theme before the first render (so a dark page never flashes light), and follow the system's. */
export function startTheme(): void {
  applyChoice();
  window.matchMedia(DARK_QUERY).addEventListener('change', applyChoice);
}

export function setThemeChoice(choice: ThemeChoice): void {
  current = choice;
  storeThemeChoice(storage(), choice);
  applyChoice();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, themeChoice);
}

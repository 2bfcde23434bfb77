import { useCallback, useEffect, useState } from 'react';
import { applyTheme, DARK_QUERY, readThemeChoice, resolveTheme, storeThemeChoice, type ThemeChoice } from './theme';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** Apply the remembered theme before the first render, so a dark page never flashes light. */
export function applyStoredTheme(): void {
  applyTheme(document.documentElement, resolveTheme(readThemeChoice(storage()), window.matchMedia(DARK_QUERY).matches));
}

/** The theme choice and a setter that remembers it; System tracks the OS setting as it changes. */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoiceState] = useState(() => readThemeChoice(storage()));
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const apply = () => applyTheme(document.documentElement, resolveTheme(choice, media.matches));
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [choice]);
  const setChoice = useCallback((next: ThemeChoice) => {
    setChoiceState(next);
    storeThemeChoice(storage(), next);
  }, []);
  return [choice, setChoice];
}

import { useCallback, useState } from 'react';
import { clampShare, readFlag, readShare, remember, type LayoutFlag, type LayoutShare } from './layout-memory';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** A panel's open state, remembered per browser once the person toggles it. */
export function useRememberedFlag(name: LayoutFlag, initial: boolean): [boolean, (isOn: boolean) => void] {
  const [isOn, setOn] = useState(() => readFlag(storage(), name) ?? initial);
  const set = useCallback(
    (next: boolean) => {
      setOn(next);
      remember(storage(), name, next);
    },
    [name],
  );
  return [isOn, set];
}

/** A column's share of its row, within its bounds, remembered per browser. */
export function useRememberedShare(name: LayoutShare): [number, (share: number) => void] {
  const [share, setShare] = useState(() => readShare(storage(), name));
  const set = useCallback(
    (next: number) => {
      const clamped = clampShare(name, next);
      setShare(clamped);
      remember(storage(), name, Math.round(clamped * 1000) / 1000);
    },
    [name],
  );
  return [share, set];
}

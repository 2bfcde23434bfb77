import { useCallback, useEffect, useState } from 'react';
import { clampLogHeight, defaultLogHeight, LOG_MIN_HEIGHT_PX, maxLogHeight, readStoredLogHeight, storeLogHeight } from './log-height';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The log panel's height, its bounds in this window, and a setter that remembers it. */
export function useLogHeight(): { heightPx: number; minPx: number; maxPx: number; setHeightPx: (heightPx: number) => void } {
  const [windowHeightPx, setWindowHeightPx] = useState(() => window.innerHeight);
  const [wantedPx, setWantedPx] = useState(() => readStoredLogHeight(storage()) ?? defaultLogHeight(window.innerHeight));
  useEffect(() => {
    const onResize = () => setWindowHeightPx(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const setHeightPx = useCallback((heightPx: number) => {
    setWantedPx(heightPx);
    storeLogHeight(storage(), heightPx);
  }, []);
  // The wish is kept as asked; a smaller window shows less of it, a larger one gives it back.
  return { heightPx: clampLogHeight(wantedPx, windowHeightPx), minPx: LOG_MIN_HEIGHT_PX, maxPx: maxLogHeight(windowHeightPx), setHeightPx };
}

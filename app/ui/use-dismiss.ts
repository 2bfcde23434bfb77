import { useEffect, type RefObject } from 'react';

/** Closes a popover on a press outside it or on Escape, while it is open. */
export function useDismiss(ref: RefObject<HTMLElement | null>, isOpen: boolean, close: () => void): void {
  useEffect(() => {
    if (!isOpen) return;
    const onPress = (e: MouseEvent) => e.target instanceof Node && !ref.current?.contains(e.target) && close();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('mousedown', onPress);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', onPress);
      window.removeEventListener('keydown', onKey);
    };
  }, [ref, isOpen, close]);
}

/**
 * Follows a drag that starts with `start` (a resize handle's pointerdown): calls `onMove` for every
 * pointer move until the pointer is released. The press's default is prevented, or the drag would
 * also sweep a text selection across the page.
 */
export function followPointer(start: { preventDefault(): void }, onMove: (event: PointerEvent) => void): void {
  start.preventDefault();
  const up = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', up);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', up);
}

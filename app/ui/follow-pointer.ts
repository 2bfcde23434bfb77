/** Calls `onMove` for every pointer move until the pointer is released: the drag of a resize handle. */
export function followPointer(onMove: (event: PointerEvent) => void): void {
  const up = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', up);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', up);
}

import { followPointer } from './follow-pointer';
import { useCallback } from 'react';

/** A horizontal bar that resizes the panel below it by dragging (or with the arrow keys). */
export function ResizeHandle({
  height,
  onResize,
  label,
  min = 120,
  max = 900,
}: {
  height: number;
  onResize: (height: number) => void;
  label: string;
  min?: number;
  max?: number;
}) {
  const clamp = useCallback((h: number) => Math.min(max, Math.max(min, h)), [min, max]);
  const onPointerDown = (e: React.PointerEvent) => {
    const startY = e.clientY;
    const startHeight = height;
    followPointer(e, (ev: PointerEvent) => onResize(clamp(startHeight + (startY - ev.clientY))));
  };
  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuenow={height}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp') onResize(clamp(height + 24));
        if (e.key === 'ArrowDown') onResize(clamp(height - 24));
      }}
      className="h-1.5 shrink-0 cursor-row-resize bg-slate-200 hover:bg-indigo-300 focus-visible:bg-indigo-400"
    />
  );
}

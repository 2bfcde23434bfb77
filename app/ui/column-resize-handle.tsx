import { followPointer } from './follow-pointer';
/** How far one arrow key moves the bar, as a share of the row. */
const KEY_STEP = 0.02;

/**
 * A vertical bar between two columns: dragging it (or the arrow keys) sets the share
 * of the row the column after it takes. The row is the bar's two neighbours, measured
 * at the start of each drag, so the columns around them may be any width.
 */
export function ColumnResizeHandle({
  share,
  onResize,
  label,
  min,
  max,
}: {
  share: number;
  onResize: (share: number) => void;
  label: string;
  min: number;
  max: number;
}) {
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    const before = e.currentTarget.previousElementSibling?.getBoundingClientRect();
    const after = e.currentTarget.nextElementSibling?.getBoundingClientRect();
    if (!before || !after || after.right <= before.left) return;
    followPointer(e, (ev: PointerEvent) => onResize((after.right - ev.clientX) / (after.right - before.left)));
  };
  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation="vertical"
      aria-valuenow={Math.round(share * 100)}
      aria-valuemin={Math.round(min * 100)}
      aria-valuemax={Math.round(max * 100)}
      aria-valuetext={`${Math.round(share * 100)} percent`}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onResize(share + KEY_STEP);
        if (e.key === 'ArrowRight') onResize(share - KEY_STEP);
      }}
      className="w-1.5 shrink-0 cursor-col-resize bg-slate-200 hover:bg-indigo-300 focus-visible:bg-indigo-400"
    />
  );
}

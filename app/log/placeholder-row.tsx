import { ROW_HEIGHT } from './log-row';

type Props = { seq: number; start: number; problem: string | undefined };

/** A row of a big session that is still on its way from the proxy: it holds the row's place, so the list never shows a blank. */
export function PlaceholderRow({ seq, start, problem }: Props) {
  return (
    <div
      role="option"
      aria-selected={false}
      aria-busy={problem === undefined}
      data-seq={seq}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className="flex items-center gap-2 border-b border-slate-100 px-3 text-xs text-slate-400"
    >
      <span className="w-10 shrink-0 text-right font-mono text-[10px]">{seq}</span>
      <span className="truncate">{problem ?? 'Loading entry…'}</span>
    </div>
  );
}

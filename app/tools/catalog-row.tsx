import { useId } from 'react';
import { cn } from '@app/ui/cn';

/**
 * One option of a tool, prompt, resource or template list: its name (the
 * option's accessible name, exactly), and a line that describes it.
 */
export function CatalogRow({
  name,
  summary,
  isSelected,
  isTabStop,
  onSelect,
  onFocus,
}: {
  name: string;
  summary?: string;
  isSelected: boolean;
  /** The list's one Tab stop; the others are reached with the arrows. */
  isTabStop: boolean;
  onSelect: () => void;
  onFocus: () => void;
}) {
  const summaryId = useId();
  return (
    <li
      role="option"
      aria-describedby={summary ? summaryId : undefined}
      aria-selected={isSelected}
      tabIndex={isTabStop ? 0 : -1}
      onClick={onSelect}
      onFocus={onFocus}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect())}
      className={cn(
        'cursor-pointer rounded-md px-2 py-1.5 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        isSelected ? 'bg-indigo-50 ring-1 ring-indigo-200' : 'hover:bg-slate-100',
      )}
    >
      <div className="font-mono text-xs font-medium break-all text-slate-900">{name}</div>
      {summary && (
        // Hidden from the name and read as the option's description instead.
        <div id={summaryId} aria-hidden className="line-clamp-2 text-[11px] break-all text-slate-500">
          {summary}
        </div>
      )}
    </li>
  );
}

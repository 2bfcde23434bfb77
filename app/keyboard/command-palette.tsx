import { useId, useMemo, useState } from 'react';
import { cn } from '@app/ui/cn';
import { ModalDialog } from './modal-dialog';
import { filterPaletteItems, type PaletteItem } from './palette-items';

/**
 * Ctrl/⌘-K: type to narrow tools, calls, sessions, settings and actions; arrows move,
 * Enter picks. A combobox over a listbox, so a screen reader follows the choice.
 */
export function CommandPalette({ isOpen, items, onClose }: { isOpen: boolean; items: readonly PaletteItem[]; onClose: () => void }) {
  return (
    <ModalDialog label="Command palette" isOpen={isOpen} onClose={onClose}>
      <PaletteBody items={items} onClose={onClose} />
    </ModalDialog>
  );
}

function PaletteBody({ items, onClose }: { items: readonly PaletteItem[]; onClose: () => void }) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const shown = useMemo(() => filterPaletteItems(items, query), [items, query]);
  const active = shown[Math.min(activeIndex, shown.length - 1)];
  const optionId = (item: PaletteItem) => `${listId}-${item.id}`;

  const pick = (item: PaletteItem) => {
    // Close first: the dialog hands focus back, then the action may move it (to the log search, a form).
    onClose();
    item.run();
  };
  const handleKeyDown = (e: React.KeyboardEvent) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, activeIndex + 1), ArrowUp: Math.max(0, activeIndex - 1), Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setActiveIndex(moves[e.key]);
      requestAnimationFrame(() => document.getElementById(optionId(shown[moves[e.key]]))?.scrollIntoView({ block: 'nearest' }));
    } else if (e.key === 'Enter' && active) {
      e.preventDefault();
      pick(active);
    }
  };

  return (
    <div className="flex max-h-[70vh] flex-col">
      <input
        role="combobox"
        aria-label="Command"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        // The palette exists to be typed into at once.
        autoFocus
        placeholder="Type a tool, a call (c1), a session, a setting…"
        className="border-b border-slate-200 bg-white px-4 py-3 text-sm text-slate-900 outline-none placeholder:text-slate-500"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActiveIndex(0);
        }}
        onKeyDown={handleKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Commands" className="min-h-0 flex-1 overflow-auto p-1">
        {shown.map((item) => (
          <li
            key={item.id}
            id={optionId(item)}
            role="option"
            aria-selected={item === active}
            className={cn(
              'flex cursor-pointer items-baseline gap-2 rounded-md px-3 py-1.5 text-sm',
              item === active ? 'bg-indigo-50 text-indigo-900 ring-1 ring-indigo-200' : 'text-slate-800',
            )}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(item)}
          >
            <span className="w-16 shrink-0 text-xs text-slate-600">{item.group}</span>
            <span className="truncate font-medium">{item.label}</span>
            {item.detail && <span className="truncate text-xs text-slate-600">{item.detail}</span>}
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="px-4 py-3 text-xs text-slate-600">Nothing matches “{query}”.</p>}
    </div>
  );
}

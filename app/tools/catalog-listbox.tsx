import { useState } from 'react';
import { cn } from '@app/ui/cn';
import { CatalogRow } from './catalog-row';

/** One option of a catalog list, as CatalogRow shows it. */
export type CatalogOption = { key: string; name: string; summary?: string; isSelected: boolean; onSelect: () => void };

/** The keys that move the focus inside the list, and where to. */
const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at, last) => Math.min(last, at + 1),
  ArrowUp: (at) => Math.max(0, at - 1),
  Home: () => 0,
  End: (_at, last) => last,
};

/**
 * A catalog list (tools, prompts, resources, templates) named `label`; nothing while it is empty
 * (CatalogStatus says why). One Tab stop, as a listbox is: the option last focused, else the
 * selected one, else the first; the arrows, Home and End move inside, Enter or Space picks.
 */
export function CatalogListbox({ label, options, className }: { label: string; options: CatalogOption[]; className?: string }) {
  const [focusedKey, setFocusedKey] = useState<string>();
  if (options.length === 0) return null;
  const tabStopKey = options.find((o) => o.key === focusedKey)?.key ?? options.find((o) => o.isSelected)?.key ?? options[0].key;
  const handleKeyDown = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const move = MOVES[e.key];
    if (!move) return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(':scope > [role="option"]')];
    const at = items.findIndex((item) => item === document.activeElement);
    e.preventDefault();
    items[move(Math.max(0, at), items.length - 1)]?.focus();
  };
  return (
    <ul role="listbox" aria-label={label} className={cn('px-1 py-2', className)} onKeyDown={handleKeyDown}>
      {options.map(({ key, ...option }) => (
        <CatalogRow key={key} {...option} isTabStop={key === tabStopKey} onFocus={() => setFocusedKey(key)} />
      ))}
    </ul>
  );
}

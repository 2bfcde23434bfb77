/** What the command palette offers, and how typing narrows it. No React here. */

export type PaletteGroup = 'Tool' | 'Call' | 'Session' | 'Setting' | 'Action';

export type PaletteItem = {
  id: string;
  group: PaletteGroup;
  /** What the person reads and types against. */
  label: string;
  /** Shown after the label, searched too. */
  detail?: string;
  run: () => void;
};

const MAX_SHOWN = 50;

/**
 * Items whose group, label or detail hold every word typed, in order of how early
 * the first word appears in the label; all of them (up to a page) when nothing is typed.
 */
export function filterPaletteItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.slice(0, MAX_SHOWN);
  const scored: { item: PaletteItem; score: number; at: number }[] = [];
  items.forEach((item, at) => {
    const label = item.label.toLowerCase();
    const haystack = `${item.group} ${label} ${item.detail ?? ''}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return;
    const inLabel = label.indexOf(words[0]);
    scored.push({ item, score: inLabel === -1 ? Number.MAX_SAFE_INTEGER : inLabel, at });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.at - b.at)
    .slice(0, MAX_SHOWN)
    .map((s) => s.item);
}

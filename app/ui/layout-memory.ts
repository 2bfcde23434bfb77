/**
 * What the page remembers of its layout, per browser: which panels are open and how
 * wide a column is. Only values the person set by hand go here, never anything a
 * server sent, and every value read back is checked, since storage is anyone's to edit.
 * No React here, so the rules are unit-tested.
 */

const PREFIX = 'elicitation-inspector.layout.';

export type LayoutFlag = 'connection-open' | 'client-settings-open' | 'rules-open';
export type LayoutShare = 'requests-share';

/** A fraction of a row, with the bounds that keep every column usable. */
export const SHARE_BOUNDS: Record<LayoutShare, { min: number; max: number; fallback: number }> = {
  // The requests column (forms, URL flows) gets the larger part of the space beside the tool:
  // the form a person must answer is the widest thing on the page.
  'requests-share': { min: 0.3, max: 0.75, fallback: 0.58 },
};

type Store = Pick<Storage, 'getItem' | 'setItem'> | undefined;

export function readFlag(storage: Store, name: LayoutFlag): boolean | undefined {
  const raw = read(storage, name);
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

export function clampShare(name: LayoutShare, share: number): number {
  const { min, max, fallback } = SHARE_BOUNDS[name];
  return Number.isFinite(share) ? Math.min(max, Math.max(min, share)) : fallback;
}

export function readShare(storage: Store, name: LayoutShare): number {
  const raw = read(storage, name);
  // Number('') is 0 and Number(null) is 0: only a stored number counts.
  return raw === undefined || raw.trim() === '' ? SHARE_BOUNDS[name].fallback : clampShare(name, Number(raw));
}

export function remember(storage: Store, name: LayoutFlag | LayoutShare, value: boolean | number): void {
  try {
    storage?.setItem(PREFIX + name, String(value));
  } catch {
    // Storage can be switched off or full: the layout then lasts as long as the page.
  }
}

function read(storage: Store, name: string): string | undefined {
  try {
    return storage?.getItem(PREFIX + name) ?? undefined;
  } catch {
    // As above: switched off storage reads as nothing remembered.
    return undefined;
  }
}

/**
 * How tall the log panel may be: bounded so that it can never bury the columns above
 * it, and remembered per browser. No React here, so the bounds are unit-tested.
 */

export const LOG_MIN_HEIGHT_PX = 120;
/** Kept for the header and for columns tall enough to reach a control without hunting. */
export const PAGE_RESERVED_PX = 360;
const STORAGE_KEY = 'elicitation-inspector.log-height-px';

/** The tallest the log may be in a window this tall: never below the minimum. */
export function maxLogHeight(windowHeightPx: number): number {
  return Math.max(LOG_MIN_HEIGHT_PX, windowHeightPx - PAGE_RESERVED_PX);
}

/** A third of the window, within bounds: 240 px at 720, 300 px at 900. */
export function defaultLogHeight(windowHeightPx: number): number {
  return clampLogHeight(Math.round(windowHeightPx / 3), windowHeightPx);
}

export function clampLogHeight(heightPx: number, windowHeightPx: number): number {
  return Math.round(Math.min(maxLogHeight(windowHeightPx), Math.max(LOG_MIN_HEIGHT_PX, heightPx)));
}

export function readStoredLogHeight(storage: Pick<Storage, 'getItem'> | undefined): number | undefined {
  try {
    const value = Number(storage?.getItem(STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    // Storage can be switched off or full; the default height is fine then.
    return undefined;
  }
}

export function storeLogHeight(storage: Pick<Storage, 'setItem'> | undefined, heightPx: number): void {
  try {
    storage?.setItem(STORAGE_KEY, String(Math.round(heightPx)));
  } catch {
    // As above: not remembering a panel height is harmless.
  }
}

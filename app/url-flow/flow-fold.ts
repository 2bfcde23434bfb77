import { useState } from 'react';

/**
 * Whether the URL flow panel folds to one line per flow: it does while a form (or a
 * sampling request) waits for the person, so the form gets the column's height. An
 * unfold holds for the forms that were waiting when the person unfolded: once they are
 * all answered, the next form folds the panel again.
 */
export function isFlowPanelFolded(pendingFormKeys: readonly string[], unfoldedFor: ReadonlySet<string>): boolean {
  return pendingFormKeys.length > 0 && !pendingFormKeys.some((key) => unfoldedFor.has(key));
}

/** The panel's fold state over the forms waiting now, with the toggle its header button calls. */
export function useFlowFold(pendingFormKeys: readonly string[]): { isFolded: boolean; canFold: boolean; toggle: () => void } {
  const [unfoldedFor, setUnfoldedFor] = useState<ReadonlySet<string>>(() => new Set());
  const isFolded = isFlowPanelFolded(pendingFormKeys, unfoldedFor);
  const toggle = () => setUnfoldedFor(isFolded ? new Set(pendingFormKeys) : new Set());
  return { isFolded, canFold: pendingFormKeys.length > 0, toggle };
}

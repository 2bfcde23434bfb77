import { useCallback, useState } from 'react';

/**
 * Runs one user-started async action at a time: `busy` while it runs (to disable the buttons that
 * started it), and its failure kept as a message to show in place rather than thrown away.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}

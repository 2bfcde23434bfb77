import { useEffect, useState } from 'react';

/** mm:ss (or h:mm:ss) for a duration in ms. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** Re-renders every `intervalMs` while `active`, returning the current time. */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const handle = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(handle);
  }, [active, intervalMs]);
  return now;
}

/** Time left on a deadline, ticking; a paused timer shows what it had left. */
export function Countdown({ deadlineAt, remainingMs, label }: { deadlineAt: number | null; remainingMs: number; label: string }) {
  const now = useNow(deadlineAt !== null);
  const left = deadlineAt === null ? remainingMs : deadlineAt - now;
  return (
    <time aria-label={label} className="font-mono tabular-nums">
      {formatClock(left)}
    </time>
  );
}

/** Elapsed time since `since`, ticking while `active`. */
export function Elapsed({ since, until, label }: { since: number; until?: number; label: string }) {
  const now = useNow(until === undefined);
  return (
    <time aria-label={label} className="font-mono tabular-nums">
      {formatDuration((until ?? now) - since)}
    </time>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return formatClock(ms);
}

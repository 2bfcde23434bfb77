import type { ReactNode } from 'react';
import { cn } from './cn';

const LOOK = {
  /** A failure that stands on its own: a boxed note under the control that failed. */
  box: 'rounded-md bg-rose-50 px-2 py-1.5 text-xs text-rose-800 ring-1 ring-rose-200',
  /** A failure beside a field or a button row, in running text. */
  inline: 'text-xs text-rose-700',
  /** Across the page, when something ended badly. */
  banner: 'border-b border-rose-200 bg-rose-50 px-4 py-2 text-sm text-rose-900',
  /** Across the page, when something ended as asked (a disconnect): said, not alarming. */
  note: 'border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700',
} as const;

/**
 * The page's one way to say something failed where it failed: an ARIA alert
 * (read out, and the hook tests locate by), in one of two looks.
 */
export function Alert({
  look = 'box',
  label,
  className,
  children,
}: {
  look?: keyof typeof LOOK;
  /** Accessible name, when the alert is located by name (e.g. "Session ended"). */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" aria-label={label} className={cn(LOOK[look], className)}>
      {children}
    </div>
  );
}

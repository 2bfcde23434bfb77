import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * An on/off switch: a button with `role="switch"` whose `aria-checked` says its state, named by
 * its text. A checkbox given the switch role leaves its state to the browser's mapping of
 * `checked`, which assistive technologies read unevenly; a switch says it itself.
 */
export function Switch({
  isOn,
  onChange,
  children,
  isBusy = false,
  disabled = false,
  title,
  className,
}: {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  /** The switch's name, shown beside the track. */
  children: ReactNode;
  /** Asked to change and not there yet. */
  isBusy?: boolean;
  disabled?: boolean;
  title?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-busy={isBusy}
      disabled={disabled}
      title={title}
      onClick={() => onChange(!isOn)}
      className={cn(
        'group inline-flex shrink-0 items-center gap-1.5 rounded-md px-1 py-0.5 text-xs text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <span aria-hidden className={cn('relative inline-flex h-4 w-7 shrink-0 rounded-full transition-colors', isOn ? 'bg-amber-600' : 'bg-slate-300')}>
        <span className={cn('absolute top-0.5 size-3 rounded-full bg-white shadow-xs transition-transform', isOn ? 'translate-x-3.5' : 'translate-x-0.5')} />
      </span>
      {children}
    </button>
  );
}

import type { ReactNode } from 'react';
import { cn } from './cn';

/** A titled panel region; the title is its accessible name. */
export function Section({
  title,
  actions,
  children,
  className,
  bodyClassName,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  const id = typeof title === 'string' ? `section-${title.toLowerCase().replace(/\W+/g, '-')}` : undefined;
  return (
    <section aria-labelledby={id} className={cn('flex min-h-0 flex-col', className)}>
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <h2 id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </h2>
        <div className="ml-auto flex items-center gap-1">{actions}</div>
      </header>
      <div className={cn('min-h-0 flex-1', bodyClassName)}>{children}</div>
    </section>
  );
}

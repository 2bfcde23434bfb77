import type { TimeShares } from '@wire/call-time';
import { formatMs, formatShortMs } from '@app/model/call-timeline-messages';
import { cn } from '@app/ui/cn';

const PARTS = [
  { key: 'serverMs', label: 'Server', short: 'Server', swatch: 'bg-sky-500' },
  { key: 'proxyMs', label: 'Network/proxy', short: 'Net/proxy', swatch: 'bg-slate-400' },
  { key: 'personMs', label: 'Person', short: 'Person', swatch: 'bg-amber-500' },
] as const;

/** Where a call's (or the session's) time went, three figures that add up to the total. */
export function TimeSharesList({ shares, label, isCompact = false }: { shares: TimeShares; label: string; isCompact?: boolean }) {
  return (
    <dl
      aria-label={label}
      className={cn(
        'flex items-center gap-y-0.5 text-slate-600',
        isCompact ? 'flex-nowrap gap-x-1.5 overflow-hidden text-[11px]' : 'flex-wrap gap-x-3 text-xs',
      )}
    >
      {PARTS.map((part) => (
        <div key={part.key} className="flex shrink-0 items-center gap-1">
          <span aria-hidden className={cn('inline-block size-2 rounded-sm', part.swatch)} />
          <dt title={part.label}>{isCompact ? part.short : part.label}</dt>
          <dd className="font-mono text-slate-900 tabular-nums">{(isCompact ? formatShortMs : formatMs)(shares[part.key])}</dd>
        </div>
      ))}
      {!isCompact && (
        <div className="flex items-center gap-1">
          <dt>Total</dt>
          <dd className="font-mono text-slate-900 tabular-nums">{formatMs(shares.totalMs)}</dd>
        </div>
      )}
    </dl>
  );
}

import type { SpanTone, TimelineSpan } from '@app/model/call-timeline-span';
import { formatShortMs } from '@app/model/call-timeline-messages';
import { cn } from '@app/ui/cn';
import { percentAt, type Scale } from './timeline-scale';

/** Whose time a colour stands for; the legend reads the same table. */
export const TONE_CLASS: Record<SpanTone, string> = {
  server: 'bg-sky-500',
  error: 'bg-rose-500',
  person: 'bg-amber-500',
  rule: 'bg-indigo-500',
  proxy: 'bg-slate-400',
  url: 'bg-emerald-500',
};

type Props = {
  span: TimelineSpan;
  scale: Scale;
  /** Write the duration inside the bar when it is wide enough. */
  isLarge?: boolean;
  onShow: (span: TimelineSpan) => void;
};

/**
 * One span as a button on its lane: its name is the sentence that says what it
 * was and how long it took; pressing it shows its entries in the log.
 */
export function SpanButton({ span, scale, isLarge = false, onShow }: Props) {
  const left = percentAt(scale, span.startAt);
  const width = Math.max(0, percentAt(scale, span.endAt) - left);
  return (
    <button
      type="button"
      aria-label={span.label}
      title={span.label}
      onClick={() => onShow(span)}
      style={{ left: `${left}%`, width: `${width}%` }}
      className={cn(
        'absolute inset-y-0 min-w-[3px] overflow-hidden rounded-sm text-left hover:brightness-110',
        TONE_CLASS[span.tone],
        span.isOpen && 'animate-pulse',
        // Black, which the dark theme leaves alone: it reads on every tone in both themes (white on sky-500 is 2.7:1).
        isLarge && 'px-1 text-[10px] leading-5 font-medium text-black',
      )}
    >
      {span.serverWaits?.map((wait) => (
        // The server sat waiting on the client here: the request is in flight, but its time is not the server's.
        <span
          key={wait.startAt}
          aria-hidden
          className="absolute inset-y-0 bg-white/60"
          style={{ left: `${share(span, wait.startAt)}%`, width: `${share(span, wait.endAt) - share(span, wait.startAt)}%` }}
        />
      ))}
      {isLarge && width > 6 && (
        <span aria-hidden className="relative block truncate">
          {formatShortMs(span.durationMs)}
        </span>
      )}
    </button>
  );
}

/** Where a moment falls inside a span, in percent of the span's own width. */
function share(span: TimelineSpan, at: number): number {
  return span.durationMs > 0 ? Math.min(100, Math.max(0, ((at - span.startAt) / span.durationMs) * 100)) : 0;
}

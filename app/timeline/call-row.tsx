import type { CallTimeline } from '@app/model/call-timeline';
import type { TimelineSpan } from '@app/model/call-timeline-span';
import { formatMs } from '@app/model/call-timeline-messages';
import { cn } from '@app/ui/cn';
import { SpanButton } from './span-button';
import { percentAt, type Scale } from './timeline-scale';
import { TimeSharesList } from './time-shares';

const LANES = ['requests', 'person', 'url'] as const;

/**
 * The width of the calls' label column, the axis header's too: room for a name and for the three
 * figures of the split whole ("Server 9,999 ms Net/proxy 9,999 ms Person 9,999 ms"; w-80 cut the last).
 */
export const LABEL_COLUMN = 'w-96';

type Props = {
  timeline: CallTimeline;
  scale: Scale;
  onZoom: (callId: string) => void;
  onShow: (span: TimelineSpan) => void;
};

/** One call on the session's axis: its name and totals, then its spans on three thin lanes. */
export function CallRow({ timeline, scale, onZoom, onShow }: Props) {
  const left = percentAt(scale, timeline.startAt);
  const width = Math.max(0, percentAt(scale, timeline.endAt) - left);
  const shownName = (timeline.method === 'tools/call' ? timeline.name : `${timeline.method} ${timeline.name}`).slice(0, 80);
  return (
    <div data-call-id={timeline.callId} className="flex h-full items-stretch border-b border-slate-100">
      <div className={cn('flex shrink-0 flex-col justify-center gap-0.5 overflow-hidden border-r border-slate-200 px-3', LABEL_COLUMN)}>
        <button
          type="button"
          onClick={() => onZoom(timeline.callId)}
          // The name holds the row's visible words in their order (what a voice user says to click it), then the total.
          aria-label={`Zoom to ${timeline.callId} ${shownName}, ${timeline.outcome}, ${formatMs(timeline.shares.totalMs)}`}
          className="flex min-w-0 items-center gap-1.5 rounded text-left text-xs hover:underline"
        >
          {/* The spaces keep the words apart in the button's text, as the name has them. */}
          <span className="font-mono text-slate-500">{timeline.callId}</span> <span className="truncate font-mono font-medium text-slate-900">{shownName}</span>{' '}
          <span className="ml-auto shrink-0 text-[11px] text-slate-500">{timeline.outcome}</span>
        </button>
        <TimeSharesList shares={timeline.shares} label={`Time split of ${timeline.callId}`} isCompact />
      </div>
      <div className="relative min-w-0 flex-1 px-2">
        <div className="relative h-full">
          <div aria-hidden className="absolute top-1/2 h-px -translate-y-1/2 bg-slate-300" style={{ left: `${left}%`, width: `${width}%` }} />
          <div className="absolute inset-0 flex flex-col justify-center gap-0.5">
            {LANES.map((lane) => (
              <div key={lane} className={cn('relative h-2')}>
                {timeline.spans
                  .filter((span) => span.lane === lane)
                  .map((span) => (
                    <SpanButton key={span.id} span={span} scale={scale} onShow={onShow} />
                  ))}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

import type { CallTimeline } from '@app/model/call-timeline';
import type { TimelineSpan } from '@app/model/call-timeline-span';
import { Spoken } from '@app/ui/spoken';
import { SpanButton } from './span-button';
import { ticksOf, type Scale } from './timeline-scale';
import { TimeSharesList } from './time-shares';

const LANES = [
  { lane: 'requests', label: 'Requests' },
  { lane: 'person', label: 'Person' },
  { lane: 'url', label: 'URL flows' },
] as const;

/** A call with a thousand polling rounds still reads: the lanes hold every span, the list the first of them. */
const MAX_LISTED = 200;

type Props = { timeline: CallTimeline; onShow: (span: TimelineSpan) => void };

/** One call filling the axis: a labelled lane per kind of span, ticks from its start, its totals. */
export function CallZoom({ timeline, onShow }: Props) {
  const scale: Scale = { startAt: timeline.startAt, endAt: Math.max(timeline.endAt, timeline.startAt + 1) };
  const lanes = LANES.filter(({ lane }) => lane !== 'url' || timeline.spans.some((s) => s.lane === 'url'));
  return (
    <section aria-label={`Timeline of ${timeline.callId}`} className="flex flex-col gap-2 px-3 py-2">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs">
        <span className="max-w-full truncate font-mono font-semibold text-slate-900">
          {timeline.callId} {timeline.method} {timeline.name}
        </span>
        <Spoken text=", " />
        <span className="text-slate-500">{timeline.outcome}</span>
        <TimeSharesList shares={timeline.shares} label={`Time split of ${timeline.callId}`} />
      </header>
      <div className="flex">
        <div className="w-20 shrink-0" />
        <div aria-hidden className="relative h-4 flex-1 border-b border-slate-300 text-[10px] text-slate-500">
          {ticksOf(scale).map((tick) => (
            <span key={tick.offsetMs} className="absolute bottom-0 border-l border-slate-300 pb-0.5 pl-0.5" style={{ left: `${tick.percent}%` }}>
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      {lanes.map(({ lane, label }) => (
        <div key={lane} role="group" aria-label={label} className="flex items-center">
          <span className="w-20 shrink-0 text-[11px] text-slate-500">{label}</span>
          <div className="relative h-5 flex-1 rounded-sm bg-slate-50">
            {timeline.spans
              .filter((span) => span.lane === lane)
              .map((span) => (
                <SpanButton key={span.id} span={span} scale={scale} isLarge onShow={onShow} />
              ))}
          </div>
        </div>
      ))}
      <ol aria-label="Spans" className="mt-1 space-y-0.5 text-[11px] text-slate-600">
        {timeline.spans.slice(0, MAX_LISTED).map((span) => (
          <li key={span.id}>{span.label}</li>
        ))}
        {timeline.spans.length > MAX_LISTED && <li>…and {timeline.spans.length - MAX_LISTED} more spans, on the lanes above.</li>}
      </ol>
    </section>
  );
}

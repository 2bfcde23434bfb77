import { memo } from 'react';
import type { LogEvent } from '@wire/events';
import type { LogIndex } from '@app/model/log-index';
import { Badge } from '@app/ui/badge';
import { cn } from '@app/ui/cn';
import { Spoken } from '@app/ui/spoken';
import { describeEvent } from './describe-event';

export const ROW_HEIGHT = 26;

// One formatter for every row: toLocaleTimeString builds a new one per call, which showed up as
// the largest cost of painting the log while a call's entries stream in.
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** Wall-clock time with milliseconds, in the person's locale. */
export function clockTime(at: number): string {
  return `${clock.format(at)}.${String(at % 1000).padStart(3, '0')}`;
}

type Props = { event: LogEvent; index: Pick<LogIndex, 'pairOf'>; start: number; isSelected: boolean; onSelect: (seq: number) => void };

/** One log entry on one line: time, direction, kind, and what happened. */
export const LogRow = memo(function LogRow({ event, index, start, isSelected, onSelect }: Props) {
  const line = describeEvent(event, index);
  return (
    <div
      role="option"
      aria-selected={isSelected}
      data-seq={event.seq}
      onClick={() => onSelect(event.seq)}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className={cn('flex cursor-pointer items-center gap-2 border-b border-slate-100 px-3 text-xs', isSelected ? 'bg-indigo-50' : 'hover:bg-slate-50')}
    >
      <span className="w-10 shrink-0 text-right font-mono text-[10px] text-slate-500">{event.seq}</span>
      <Spoken text=", " />
      <span className="w-24 shrink-0 font-mono text-[11px] text-slate-500">{clockTime(event.at)}</span>
      <Spoken text={line.direction === 'out' ? ', to the server, ' : line.direction === 'in' ? ', from the server, ' : ', '} />
      <span
        aria-hidden
        className={cn(
          'w-4 shrink-0 text-center font-bold',
          line.direction === 'out' ? 'text-(--color-out)' : line.direction === 'in' ? 'text-(--color-in)' : 'text-slate-300',
        )}
      >
        {line.direction === 'out' ? '→' : line.direction === 'in' ? '←' : '·'}
      </span>
      <Badge tone={line.tone} className="w-20 shrink-0 justify-center">
        {line.tag}
      </Badge>
      <Spoken text=": " />
      <span className="truncate font-mono text-[12px] text-slate-900">{line.title}</span>
      {line.detail && <Spoken text="; " />}
      {line.detail && <span className="min-w-0 flex-1 truncate text-slate-500">{line.detail}</span>}
    </div>
  );
});

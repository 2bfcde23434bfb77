import { cn } from '@app/ui/cn';
import { TONE_CLASS } from './span-button';

const ENTRIES = [
  { tone: 'server', label: 'request in flight' },
  { tone: 'error', label: 'failed or unanswered' },
  { tone: 'person', label: 'waiting for the person' },
  { tone: 'rule', label: 'waiting for a rule' },
  { tone: 'url', label: 'URL flow' },
  { tone: 'proxy', label: 'polling pause' },
] as const;

/** What each colour on the axis means. */
export function TimelineLegend() {
  return (
    <ul aria-label="Legend" className="ml-auto flex flex-wrap gap-x-2.5 text-[11px] text-slate-500">
      {ENTRIES.map((entry) => (
        <li key={entry.tone} className="flex items-center gap-1">
          <span aria-hidden className={cn('inline-block h-2 w-3 rounded-sm', TONE_CLASS[entry.tone])} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

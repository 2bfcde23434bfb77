import type { SessionSnapshot } from '@app/model/session-store';
import { Button } from '@app/ui/button';
import { Segmented } from '@app/ui/field';
import { LogSearch } from './log-search';
import { KIND_GROUPS, type KindGroup, type LogFilter } from './log-filter';

const SELECT = 'rounded-md border-0 px-2 py-1 text-xs ring-1 ring-slate-300';

type Props = {
  session: SessionSnapshot | undefined;
  filter: LogFilter;
  onFilter: (update: (filter: LogFilter) => LogFilter) => void;
  shown: number;
  onExport: () => void;
};

/** Filters for the flat log: text through the whole JSON, kind, method, direction, and one story. */
export function LogToolbar({ session, filter, onFilter, shown, onExport }: Props) {
  const count = session?.eventCount ?? 0;
  const methods = session ? [...session.index.methods].sort() : [];
  const story = filter.story;
  const storyLabel = story && session ? describeStory(session, story) : undefined;
  return (
    <div className="flex flex-wrap items-start gap-2 border-b border-slate-200 px-3 py-1.5">
      <LogSearch text={filter.text} onText={(text) => onFilter((f) => ({ ...f, text }))} />
      <select aria-label="Kind" className={SELECT} value={filter.group} onChange={(e) => onFilter((f) => ({ ...f, group: e.target.value as KindGroup }))}>
        {KIND_GROUPS.map((g) => (
          <option key={g.value} value={g.value}>
            {g.label}
          </option>
        ))}
      </select>
      <select aria-label="Method" className={SELECT} value={filter.method} onChange={(e) => onFilter((f) => ({ ...f, method: e.target.value }))}>
        <option value="">Any method</option>
        {methods.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <Segmented
        label="Direction"
        value={filter.direction}
        onChange={(direction) => onFilter((f) => ({ ...f, direction }))}
        options={[
          { value: 'both', label: 'Both ways' },
          { value: 'out', label: '→ to server' },
          { value: 'in', label: '← from server' },
        ]}
      />
      {storyLabel && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2 text-xs text-indigo-900 ring-1 ring-indigo-200"
          aria-label="Story filter"
        >
          {storyLabel}
          <button
            type="button"
            aria-label="Clear story filter"
            className="rounded-full px-1 hover:bg-indigo-100"
            onClick={() => onFilter((f) => ({ ...f, story: undefined }))}
          >
            ✕
          </button>
        </span>
      )}
      <span className="ml-auto text-xs text-slate-500" aria-live="polite" aria-label="Entry count">
        {shown === count ? `${count} entries` : `${shown} of ${count} entries`}
      </span>
      <Button size="sm" tone="ghost" onClick={onExport} disabled={shown === 0} title="Download the entries shown as a session file (JSONL)">
        Export
      </Button>
    </div>
  );
}

export function describeStory(session: SessionSnapshot, story: { kind: 'call' | 'flow'; id: string }): string {
  if (story.kind === 'call') {
    const call = session.calls.find((c) => c.callId === story.id);
    return `Story of ${story.id}${call ? ` (${call.name})` : ''}`;
  }
  const flow = session.elicitations.find((e) => e.key === story.id);
  return `Elicitation ${story.id}${flow?.callId ? ` of ${flow.callId}` : ''}`;
}

import type { KeyboardEvent, Ref } from 'react';
import type { Rule } from '@wire/rules';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { displayText } from '@app/ui/display-text';
import type { RuleStats } from './rule-stats';
import { answerSummary, matchSummary } from './rule-summary';

type Props = {
  rule: Rule;
  /** 1-based place in the list: what the log calls the rule. */
  place: number;
  count: number;
  stats: RuleStats | undefined;
  isAllOn: boolean;
  busy: boolean;
  itemRef: Ref<HTMLLIElement>;
  onMove: (by: -1 | 1, control: 'item' | 'up' | 'down') => void;
  onToggle: (isOn: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onShowLast: (seq: number) => void;
};

/** One rule in the list: switch, what it matches and answers, how often it answered; Alt+↑/↓ moves it. */
export function RuleItem({ rule, place, count, stats, isAllOn, busy, itemRef, onMove, onToggle, onEdit, onDelete, onShowLast }: Props) {
  const handleKey = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const by = event.key === 'ArrowUp' ? -1 : 1;
    if ((by === -1 && place > 1) || (by === 1 && place < count)) onMove(by, 'item');
  };
  const name = rule.name ? displayText(rule.name) : '';
  return (
    <li
      ref={itemRef}
      tabIndex={0}
      aria-label={`Rule ${place}${name ? `: ${name}` : ''}`}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
      onKeyDown={handleKey}
      className={cn(
        'space-y-1 rounded-md bg-white px-2 py-1.5 text-xs ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500',
        (!rule.enabled || !isAllOn) && 'opacity-60',
      )}
    >
      <div className="flex items-center gap-1.5">
        <input type="checkbox" className="accent-indigo-600" aria-label="On" checked={rule.enabled} onChange={(e) => onToggle(e.target.checked)} />
        <span className="font-mono text-slate-500">{place}.</span>
        <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{name || matchSummary(rule.match)}</span>
        <Button size="sm" tone="ghost" aria-label="Move rule up" data-focus="up" disabled={place === 1} onClick={() => onMove(-1, 'up')}>
          ↑
        </Button>
        <Button size="sm" tone="ghost" aria-label="Move rule down" data-focus="down" disabled={place === count} onClick={() => onMove(1, 'down')}>
          ↓
        </Button>
      </div>
      <p className="break-words text-slate-600">
        {name && <>{matchSummary(rule.match)} → </>}
        {!name && '→ '}
        {answerSummary(rule.answer)}
      </p>
      <div className="flex items-center gap-1">
        <span aria-label="Answered this session" className="text-slate-500">
          answered {stats?.count ?? 0}
        </span>
        {stats && (
          <Button size="sm" tone="ghost" onClick={() => onShowLast(stats.lastSeq)}>
            Show last answer in log
          </Button>
        )}
        <Button size="sm" tone="ghost" className="ml-auto" disabled={busy} onClick={onEdit}>
          Edit rule
        </Button>
        <Button size="sm" tone="danger" disabled={busy} onClick={onDelete}>
          Delete rule
        </Button>
      </div>
    </li>
  );
}

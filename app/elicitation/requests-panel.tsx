import { useRef, useState } from 'react';
import type { ElicitationView } from '@app/model/session-store';
import { useIsLive, useReveal, useSession } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { Section } from '@app/ui/section';
import { useKeepFocus } from '@app/ui/use-keep-focus';
import { ElicitationCard } from './elicitation-card';
import { EndedNote } from './ended-note';
import { SamplingCard } from './sampling-card';
import { displayText } from '../ui/display-text';

/** Form elicitations waiting on the person: a queue with a count; the chosen one shows its form. Never blocks the rest of the page. */
export function RequestsPanel() {
  const session = useSession();
  const [chosen, setChosen] = useState<string>();
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const forms = (session?.elicitations ?? []).filter((e) => e.mode === 'form' || e.mode === 'sampling');
  // A recorded session cut short can hold requests nobody answered; they cannot be answered now.
  const isLive = useIsLive();
  const pending = isLive ? forms.filter((e) => !e.end) : [];
  const ended = forms.filter((e) => e.end && e.end.outcome !== 'answered' && !dismissed.has(e.key));
  const endedUnanswered = ended.slice(-3);
  const selected = pending.find((e) => e.key === chosen) ?? pending[0];
  useReveal('elicitationKey', (key) => setChosen(key));
  const bodyRef = useRef<HTMLDivElement>(null);
  // Answering a form removes it: the focus stays here (on the next form once it comes), not on the page's body.
  useKeepFocus(bodyRef);

  return (
    <Section
      title="Pending requests"
      className={pending.length || endedUnanswered.length ? 'min-h-0 flex-[2]' : 'shrink-0'}
      // The form's answer bar sticks to this scroller's foot: a field the focus moves to stops above it, label and all.
      bodyClassName="overflow-auto p-3 scroll-pb-28"
      actions={
        <Badge tone={pending.length ? 'warning' : 'neutral'}>
          <span aria-label="Pending request count">{pending.length}</span> pending
        </Badge>
      }
    >
      <div ref={bodyRef} tabIndex={-1} className="space-y-3">
        {ended.length > 1 && (
          <div className="flex items-center gap-2 text-xs text-slate-600">
            <p className="flex-1">
              {ended.length} requests closed unanswered{ended.length > endedUnanswered.length && `, the last ${endedUnanswered.length} shown`}
            </p>
            <Button size="sm" tone="ghost" onClick={() => setDismissed((d) => new Set([...d, ...ended.map((e) => e.key)]))}>
              Dismiss all
            </Button>
          </div>
        )}
        {endedUnanswered.map((e) => (
          <EndedNote key={e.key} elicitation={e} onDismiss={() => setDismissed((d) => new Set(d).add(e.key))} />
        ))}
        {pending.length > 1 && (
          <div role="tablist" aria-label="Elicitation queue" className="flex flex-wrap gap-1">
            {pending.map((e, i) => (
              <QueueTab key={e.key} elicitation={e} index={i} isSelected={e.key === selected?.key} onSelect={() => setChosen(e.key)} />
            ))}
          </div>
        )}
        {session && selected?.mode === 'sampling' ? (
          <SamplingCard key={selected.key} elicitation={selected} session={session} />
        ) : session && selected ? (
          <ElicitationCard key={selected.key} elicitation={selected} session={session} />
        ) : (
          endedUnanswered.length === 0 && (
            <p className="text-xs text-slate-500">No elicitation requests yet: call a tool, get a prompt or read a resource that asks for input.</p>
          )
        )}
      </div>
    </Section>
  );
}

function QueueTab({ elicitation, index, isSelected, onSelect }: { elicitation: ElicitationView; index: number; isSelected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={isSelected}
      onClick={onSelect}
      title={displayText(elicitation.params.message)}
      className={cn(
        'max-w-48 truncate rounded-md px-2 py-1 text-xs ring-1',
        isSelected ? 'bg-amber-50 font-medium text-amber-900 ring-amber-300' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50',
      )}
    >
      {index + 1}. {displayText(elicitation.params.message, elicitation.key)}
    </button>
  );
}

import type { LogEvent } from '@wire/events';
import type { SessionSnapshot } from '@app/model/session-store';
import { useAppStore } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { JsonView } from '@app/ui/json-view';
import { describeEvent, unansweredText } from './describe-event';
import { describeStory } from './log-toolbar';
import type { StoryRef } from './log-filter';
import { clockTime } from './log-row';

/** The chosen entry whole, with links to the entries it belongs with. */
type Props = {
  event: LogEvent;
  session: SessionSnapshot;
  onJump: (seq: number) => void;
  onShowStory: (story: StoryRef) => void;
  onClose: () => void;
};

export function EntryDetail({ event, session, onJump, onShowStory, onClose }: Props) {
  const line = describeEvent(event, session.index);
  const pair = session.index.pairOf(event.seq);
  const related: { label: string; seq: number }[] = [];
  if (pair && pair.requestSeq !== event.seq) related.push({ label: `Request (${pair.method})`, seq: pair.requestSeq });
  if (pair?.responseSeq && pair.responseSeq !== event.seq)
    related.push({ label: `Response${pair.latencyMs !== undefined ? ` after ${Math.round(pair.latencyMs)} ms` : ''}`, seq: pair.responseSeq });
  if (pair && !pair.responseSeq && pair.requestSeq === event.seq) {
    const state = unansweredText(pair);
    related.push({ label: state[0].toUpperCase() + state.slice(1), seq: 0 });
  }
  if ('aboutSeq' in event && typeof event.aboutSeq === 'number') related.push({ label: 'The message this is about', seq: event.aboutSeq });
  const body = event.kind === 'rpc-in' || event.kind === 'rpc-out' ? event.message : event;
  const app = useAppStore();
  const flowKey = session.story.flowOf(event.seq);
  const callId = session.story.callOf(event.seq);
  return (
    <aside aria-label="Entry details" className="flex w-[42%] max-w-[40rem] min-w-80 flex-col border-l border-slate-200">
      <header className="flex items-start gap-2 border-b border-slate-200 px-3 py-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-mono text-xs font-semibold">{line.title}</p>
          <p className="text-[11px] text-slate-500">
            #{event.seq} · {event.kind} · {clockTime(event.at)}
          </p>
        </div>
        <Button size="sm" tone="ghost" onClick={onClose} aria-label="Close details">
          ✕
        </Button>
      </header>
      <div className="min-h-0 flex-1 space-y-2 overflow-auto p-3">
        {line.detail && <p className="text-xs whitespace-pre-wrap text-slate-700">{line.detail}</p>}
        {(callId || flowKey) && (
          <div className="flex flex-wrap gap-1.5" aria-label="Stories">
            {callId && (
              <Button size="sm" onClick={() => onShowStory({ kind: 'call', id: callId })}>
                {describeStory(session, { kind: 'call', id: callId })}: {session.story.storyOfCall(callId).length} entries
              </Button>
            )}
            {flowKey && (
              <Button size="sm" onClick={() => onShowStory({ kind: 'flow', id: flowKey })}>
                Elicitation {flowKey}: {session.story.storyOfFlow(flowKey).length} entries
              </Button>
            )}
            {flowKey && (
              <Button size="sm" tone="ghost" onClick={() => app.reveal({ elicitationKey: flowKey })}>
                Show elicitation {flowKey}
              </Button>
            )}
          </div>
        )}
        {related.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Related entries">
            {related.map((r) =>
              r.seq ? (
                <li key={r.label}>
                  <Button size="sm" onClick={() => onJump(r.seq)}>
                    {r.label} #{r.seq}
                  </Button>
                </li>
              ) : (
                <li key={r.label} className="text-xs text-slate-500">
                  {r.label}
                </li>
              ),
            )}
          </ul>
        )}
        <JsonView value={body} label="Entry JSON" maxHeight="max-h-none" />
      </div>
    </aside>
  );
}

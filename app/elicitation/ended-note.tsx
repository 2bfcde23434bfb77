import type { ElicitationView } from '@app/model/session-store';
import { Button } from '@app/ui/button';
import { displayText } from '../ui/display-text';
import { FindingList } from './finding-list';

const ENDED_TEXT: Record<string, string> = {
  'server-cancelled': 'The server cancelled this request',
  'call-ended': 'The tool call ended before this was answered',
  'session-closed': 'The session closed before this was answered',
  superseded: 'Replaced by a newer request',
  refused: 'Refused as malformed',
};

/** A request that ended before anyone answered it: why, what it asked, and what was found wrong with it. */
export function EndedNote({ elicitation, onDismiss }: { elicitation: ElicitationView; onDismiss: () => void }) {
  const end = elicitation.end;
  if (!end) return null;
  const isSampling = elicitation.mode === 'sampling';
  return (
    <div
      role="status"
      aria-label={`Elicitation ${elicitation.key} closed`}
      className="flex items-start gap-2 rounded-md bg-slate-100 px-2 py-1.5 text-xs text-slate-700 ring-1 ring-slate-200"
    >
      <div className="flex-1 space-y-1">
        <p>
          <span className="font-medium">{ENDED_TEXT[end.outcome] ?? 'Closed'}</span>
          {/* A refusal's reason is its finding, shown below: say only what the server got. */}
          {end.outcome === 'refused' && elicitation.findings.length > 0 ? (
            <span className="text-slate-500"> (the server got -32602)</span>
          ) : (
            end.reason && <span className="text-slate-500"> ({end.reason})</span>
          )}
          : {isSampling ? 'a sampling request' : `“${displayText(elicitation.params.message)}”`}. Nothing can be sent for it any more.
        </p>
        <FindingList findings={elicitation.findings} />
      </div>
      <Button size="sm" tone="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

import type { DiffAspect, DiffCall, DiffChange, SessionDiff } from '@wire/session-diff';
import { Badge, type BadgeTone } from '@app/ui/badge';
import { cn } from '@app/ui/cn';

const STATUS: Record<DiffCall['status'], { text: string; tone: BadgeTone }> = {
  same: { text: 'same', tone: 'neutral' },
  changed: { text: 'changed', tone: 'warning' },
  'only-a': { text: 'only in A', tone: 'info' },
  'only-b': { text: 'only in B', tone: 'accent' },
};

/** What each aspect is about, in a word a reader scans the column by. */
const ASPECT: Record<DiffAspect, string> = {
  elicitation: 'elicitation',
  schema: 'schema',
  answer: 'answer',
  rounds: 'rounds',
  'request-state': 'requestState',
  outcome: 'outcome',
  'result-text': 'result',
  'structured-content': 'result',
  error: 'error',
  findings: 'findings',
  timing: 'timing',
};

export function callName(call: DiffCall): string {
  return `${call.method} ${call.name}${call.occurrence > 1 ? ` (#${call.occurrence})` : ''}`;
}

/** One line for the whole comparison, as the command line's last line says it. */
export function diffSummary(diff: SessionDiff): string {
  const count = (status: DiffCall['status']) => diff.calls.filter((call) => call.status === status).length;
  const aligned = count('same') + count('changed');
  const only = [count('only-a') && `${count('only-a')} only in A`, count('only-b') && `${count('only-b')} only in B`].filter(Boolean).join(', ');
  const changed = count('changed');
  const compared = aligned
    ? `${aligned} call${aligned === 1 ? '' : 's'} compared: ${changed} changed, ${count('same')} the same${only ? `; ${only}` : ''}.`
    : `No call is in both${only ? `; ${only}` : ''}.`;
  if (!diff.isDifferent) return `No difference. ${compared} Times within ${diff.timeThresholdMs} ms.`;
  return `The sessions differ. ${compared}`;
}

/** The calls of both sessions in order: each aligned pair with what changed in it, and the calls of one side only. */
export function DiffCalls({ calls }: { calls: DiffCall[] }) {
  if (calls.length === 0) return <p className="px-1 text-xs text-slate-500">Neither session made a call.</p>;
  return (
    <ol aria-label="Compared calls" className="space-y-2">
      {calls.map((call) => (
        <li
          key={`${call.method} ${call.name} ${call.occurrence}`}
          aria-label={`${callName(call)}: ${STATUS[call.status].text}`}
          className={cn('rounded-md ring-1', call.status === 'same' ? 'ring-slate-200' : 'ring-amber-300')}
        >
          <div className="flex items-center gap-2 px-2 py-1.5">
            <span className="min-w-0 flex-1 truncate font-mono text-xs font-medium">{callName(call)}</span>
            <Badge tone={STATUS[call.status].tone}>{STATUS[call.status].text}</Badge>
          </div>
          {call.changes.length > 0 && <ChangeTable name={callName(call)} changes={call.changes} />}
        </li>
      ))}
    </ol>
  );
}

function ChangeTable({ name, changes }: { name: string; changes: DiffChange[] }) {
  return (
    <table aria-label={`Changes to ${name}`} className="w-full table-fixed border-t border-slate-200 text-xs">
      <thead className="text-left text-[11px] text-slate-500">
        <tr>
          <th className="w-2/5 px-2 py-1 font-medium">What</th>
          <th className="px-2 py-1 font-medium">A</th>
          <th className="px-2 py-1 font-medium">B</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, index) => (
          <tr key={index} className="border-t border-slate-100 align-top">
            <td className="px-2 py-1">
              <span className="mr-1.5 text-[11px] text-slate-500 uppercase">{ASPECT[change.aspect]}</span>
              <span className="break-words">{change.what}</span>
            </td>
            <Value text={change.a} side="a" />
            <Value text={change.b} side="b" />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Value({ text, side }: { text: string | undefined; side: 'a' | 'b' }) {
  if (text === undefined) return <td className="px-2 py-1 text-slate-500 italic">(none)</td>;
  return (
    <td className="px-2 py-1">
      <span
        className={cn('rounded px-1 font-mono break-all whitespace-pre-wrap', side === 'a' ? 'bg-rose-50 text-rose-800' : 'bg-emerald-50 text-emerald-800')}
      >
        {text}
      </span>
    </td>
  );
}

import type { SessionSnapshot } from '@app/model/session-store';
import type { TapHost } from '@wire/target';
import { describeHost } from '@wire/target-names';
import { CallCard } from './call-card';

const CALLS_SHOWN = 10;

/**
 * A tapped session's Tools panel: the host makes the calls, so there is nothing to run here;
 * the host's calls of every tool are shown instead, newest first, as the inspector's own are.
 */
export function HostCalls({ session, host }: { session: SessionSnapshot; host: TapHost }) {
  const allCalls = session.calls.filter((c) => c.method === 'tools/call');
  // The newest calls, running ones always; the log's Calls view has every one.
  const calls = allCalls.filter((c, i) => !c.end || i >= allCalls.length - CALLS_SHOWN).reverse();
  return (
    <div className="space-y-4 p-4">
      <p role="note" aria-label="Host calls" className="text-sm text-slate-600">
        {describeHost(host)} makes the calls: the session is tapped, so the inspector shows them here and in the log&apos;s Calls, and runs no tool itself.
      </p>
      <div className="space-y-3" aria-label="Calls" role="list">
        {calls.map((call, i) => (
          <CallCard key={call.callId} call={call} isLatest={i === 0} isNamed />
        ))}
        {allCalls.length > calls.length && <p className="text-xs text-slate-500">{allCalls.length - calls.length} earlier calls are in the log (Calls).</p>}
      </div>
      {allCalls.length === 0 && <p className="text-sm text-slate-500">No tool calls yet: each shows here as the host makes it.</p>}
    </div>
  );
}

import type { CallView } from '@app/model/session-store';
import { useSession } from '@app/state/app-context';
import { CallCard } from './call-card';

const CALLS_SHOWN = 10;

/** The calls of one prompt or resource, newest first (running ones always); the log's Calls view has every one. */
export function CatalogCalls({ method, names }: { method: CallView['method']; names: readonly string[] }) {
  const session = useSession();
  const allCalls = (session?.calls ?? []).filter((c) => c.method === method && names.includes(c.name));
  const calls = allCalls.filter((c, i) => !c.end || i >= allCalls.length - CALLS_SHOWN).reverse();
  return (
    <div className="space-y-3" aria-label="Calls" role="list">
      {calls.map((call, i) => (
        <CallCard key={call.callId} call={call} isLatest={i === 0} />
      ))}
      {allCalls.length > calls.length && <p className="text-xs text-slate-500">{allCalls.length - calls.length} earlier calls are in the log (Calls).</p>}
    </div>
  );
}

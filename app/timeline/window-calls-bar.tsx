import type { WindowCalls } from '@app/model/session-store';
import { Button } from '@app/ui/button';

/** A big recorded session's calls on the axis: how many of them the page has, and a way back to older ones. */
export function WindowCallsBar({ calls }: { calls: WindowCalls }) {
  if (calls.total === undefined && !calls.problem) return null;
  return (
    <div className="flex items-center gap-2 text-[11px] text-slate-500">
      <span role="status" aria-label="Calls on the axis">
        {calls.problem ?? `Newest ${calls.loaded.toLocaleString('en-US')} of ${(calls.total ?? 0).toLocaleString('en-US')} calls, spans read for those in view`}
      </span>
      {calls.total !== undefined && calls.loaded < calls.total && (
        <Button size="sm" tone="ghost" disabled={calls.isLoading} onClick={calls.loadOlder}>
          Older calls
        </Button>
      )}
    </div>
  );
}

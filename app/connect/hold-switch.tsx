import { useEffect, useState } from 'react';
import type { SessionSnapshot } from '@app/model/session-store';
import { useCommands, useIsLive } from '@app/state/app-context';
import { useBusyAction } from '@app/ui/use-busy-action';

/**
 * Hold and answer here, for a live stdio tapped session (docs/tap.md): on, the tap keeps the
 * server's elicitations from the host and the person answers them in this page. It shows what
 * the tap's record says, so it turns on once the tap has (a moment after the click).
 */
export function HoldSwitch({ session }: { session: SessionSnapshot }) {
  const commands = useCommands();
  const isLive = useIsLive();
  const { busy, error, run } = useBusyAction();
  const isHolding = session.status.isHolding === true;
  const [asked, setAsked] = useState<boolean>();
  useEffect(() => setAsked(undefined), [isHolding]);
  if (!isLive || session.status.target?.transport !== 'stdio') return null;
  const toggle = (isOn: boolean) => {
    setAsked(isOn);
    void run(() => commands.send('set-tap-hold', { sessionId: session.sessionId, isOn }));
  };
  return (
    <label
      className="flex shrink-0 items-center gap-1.5 text-xs text-slate-700"
      title="The tap keeps the server's elicitations from the host, and you answer them here; off, the host answers"
    >
      <input
        type="checkbox"
        role="switch"
        className="accent-amber-600"
        // What the tap is doing, never what was asked: a request the server sends before the tap has
        // switched still goes to the host, so the switch must not say on until the record does.
        checked={isHolding}
        aria-busy={asked !== undefined && asked !== isHolding}
        disabled={busy}
        onChange={(e) => toggle(e.target.checked)}
      />
      Hold and answer here
      {error && (
        <span role="alert" className="text-rose-700">
          {error}
        </span>
      )}
    </label>
  );
}

import { useEffect, useState } from 'react';
import type { SessionSnapshot } from '@app/model/session-store';
import { useCommands, useIsLive } from '@app/state/app-context';
import { Switch } from '@app/ui/switch';
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
    <span className="flex shrink-0 items-center gap-1.5">
      <Switch
        // What the tap is doing, never what was asked: a request the server sends before the tap has
        // switched still goes to the host, so the switch must not say on until the record does.
        isOn={isHolding}
        isBusy={asked !== undefined && asked !== isHolding}
        disabled={busy}
        onChange={toggle}
        title="The tap keeps the server's elicitations from the host, and you answer them here; off, the host answers"
      >
        Hold and answer here
      </Switch>
      {error && (
        <span role="alert" className="text-xs text-rose-700">
          {error}
        </span>
      )}
    </span>
  );
}

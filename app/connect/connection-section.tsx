import { useId, useState } from 'react';
import { useRememberedFlag } from '@app/ui/use-layout-memory';
import { useSession, useSessionSummary } from '@app/state/app-context';
import { ConnectPanel } from './connect-panel';
import { isDrivable } from './connection-status';

/**
 * The Connection form behind a disclosure button: open while nothing is connected,
 * folded away once a session is live (the tools need the room), reopened by a click;
 * kept open while live if the person leaves it so (remembered per browser).
 */
export function ConnectionSection() {
  const isLive = isDrivable(useSession()?.status, useSessionSummary());
  // Two states: the one while idle starts open each time; the one while live is the person's, remembered.
  const [isOpenWhileIdle, setOpenWhileIdle] = useState(true);
  const [isOpenWhileLive, setOpenWhileLive] = useRememberedFlag('connection-open', false);
  const isOpen = isLive ? isOpenWhileLive : isOpenWhileIdle;
  const bodyId = useId();
  return (
    <div className="shrink-0 border-b border-slate-200">
      <h2>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => (isLive ? setOpenWhileLive(!isOpen) : setOpenWhileIdle(!isOpen))}
          className="flex w-full items-center gap-1.5 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase hover:bg-slate-50"
        >
          <span aria-hidden className={`inline-block transition-transform ${isOpen ? 'rotate-90' : ''}`}>
            ▸
          </span>
          Connection
        </button>
      </h2>
      <div id={bodyId} hidden={!isOpen}>
        <ConnectPanel />
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { describeTarget, fullTarget } from '@wire/target';
import { useApp, useSession } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';

/** The line at the top: what this page is connected to, over which protocol, and whether the page can reach the inspector. */
export function SessionHeader({ actions }: { actions?: ReactNode }) {
  const { socket } = useApp();
  const session = useSession();
  const status = session?.status;
  const server = status?.serverInfo;
  const stateText = !status ? 'No session' : status.state === 'ready' ? 'Connected' : status.state === 'connecting' ? 'Connecting…' : 'Disconnected';
  const tone = status?.state === 'ready' ? 'success' : status?.state === 'connecting' ? 'info' : 'neutral';
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <div className="flex items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-6" />
        <h1 className="text-sm font-semibold tracking-tight">Elicitation Inspector</h1>
      </div>
      <div className="h-5 w-px bg-slate-200" />
      <div role="status" aria-label="Connection status" className="flex min-w-0 items-center gap-2">
        <Badge tone={tone}>
          <span aria-hidden className={`size-1.5 rounded-full ${status?.state === 'ready' ? 'bg-emerald-500' : status?.state === 'connecting' ? 'animate-pulse bg-sky-500' : 'bg-slate-400'}`} />
          {stateText}
        </Badge>
        {server && (
          <span className="truncate text-sm font-medium" title={server.title ?? server.name}>
            {server.title ?? server.name}
            {server.version && <span className="ml-1 text-xs font-normal text-slate-500">{server.version}</span>}
          </span>
        )}
        {status?.target && (
          <span className="truncate text-xs text-slate-500" title={fullTarget(status.target)}>
            {describeTarget(status.target)}
          </span>
        )}
      </div>
      {status?.protocolVersion && (
        <Badge tone={status.era === 'modern' ? 'accent' : 'neutral'} title={status.era === 'modern' ? 'Stateless revision: input_required rounds, no server-to-client requests' : 'initialize handshake; the server pushes elicitation/create'}>
          <span aria-label="Protocol version">{status.protocolVersion}</span>
          <span className="font-normal opacity-70">{status.era === 'modern' ? 'modern' : 'legacy'}</span>
        </Badge>
      )}
      <div className="ml-auto flex items-center gap-2 text-xs">
        {actions}
        {socket !== 'open' && (
          <Badge tone={socket === 'refused' ? 'danger' : 'warning'}>
            {socket === 'refused' ? 'Inspector unreachable or token refused' : socket === 'reconnecting' ? 'Reconnecting to the inspector…' : 'Reaching the inspector…'}
          </Badge>
        )}
      </div>
    </header>
  );
}

import type { ReactNode } from 'react';
import { describeDeclaredModes, describeHost, describeTarget, fullTarget, tapHostOf } from '@wire/target-names';
import { useApp, useSession, useSessionSummary } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';
import { connectionStatus } from './connection-status';
import { HoldSwitch } from './hold-switch';

const DOT: Record<ReturnType<typeof connectionStatus>['tone'], string> = {
  success: 'bg-emerald-500',
  info: 'animate-pulse bg-sky-500',
  warning: 'animate-pulse bg-amber-500',
  danger: 'bg-rose-500',
  neutral: 'bg-slate-400',
};

/** The line at the top: whether the page can drive a server, which one, and over which protocol. */
export function SessionHeader({ actions }: { actions?: ReactNode }) {
  const { socket } = useApp();
  const session = useSession();
  const summary = useSessionSummary();
  const status = session?.status;
  const server = status?.serverInfo;
  const connection = connectionStatus(socket, status, summary);
  const host = tapHostOf(status?.target);
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <div className="flex shrink-0 items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-6" />
        <h1 className="text-sm font-semibold tracking-tight">Elicitation Inspector</h1>
      </div>
      <div className="h-5 w-px shrink-0 bg-slate-200" />
      {/* The status holds its state word and nothing else, so its accessible text is exact. */}
      <Badge tone={connection.tone}>
        <span aria-hidden className={`size-1.5 rounded-full ${DOT[connection.tone]}`} />
        <span role="status" aria-label="Connection status">
          {connection.text}
        </span>
      </Badge>
      <div className="flex min-w-0 items-center gap-2">
        {server && (
          <span aria-label="Server" className="truncate text-sm font-medium" title={server.title ?? server.name}>
            {server.title ?? server.name}
            {server.version && <span className="text-xs font-normal text-slate-500"> {server.version}</span>}
          </span>
        )}
        {host && (
          <Badge tone="accent" title={`A tapped session: ${describeHost(host)} is the client, and answers its elicitations itself`}>
            <span aria-label="Host">
              {describeHost(host)}, declares {describeDeclaredModes(host)}
            </span>
          </Badge>
        )}
        {host && session && <HoldSwitch session={session} />}
        {status?.target && (
          <span className="truncate text-xs text-slate-500" title={fullTarget(status.target)}>
            {describeTarget(status.target)}
          </span>
        )}
      </div>
      {status?.protocolVersion && (
        <Badge
          tone={status.era === 'modern' ? 'accent' : 'neutral'}
          title={
            status.era === 'modern'
              ? 'Stateless revision: input_required rounds, no server-to-client requests'
              : 'initialize handshake; the server pushes elicitation/create'
          }
        >
          <span aria-label="Protocol version">{status.protocolVersion}</span>
          <span className="font-normal">{status.era === 'modern' ? 'modern' : 'legacy'}</span>
        </Badge>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-2 text-xs">{actions}</div>
    </header>
  );
}

import { useSession, useSessionSummary } from '@app/state/app-context';
import { Alert } from '@app/ui/alert';
import { ConnectionDoctor } from './connection-doctor';
import { endedText } from './ended-text';

/** Why the watched session ended, with the server's last words when it was a process. */
export function SessionNotice() {
  const session = useSession();
  const summary = useSessionSummary();
  const closed = session?.status.closed;
  if (!closed && summary && !summary.isLive && session?.eventCount) {
    return (
      <Alert look="note" label="Session ended">
        <span className="font-semibold">{summary.isImported ? 'Imported session, read-only.' : 'Recorded session, read-only.'}</span> It was cut short: the
        inspector stopped before it could close the connection. Every entry written until then is here.
      </Alert>
    );
  }
  if (!closed) return null;
  const isProblem = closed.reason !== 'user' && closed.reason !== 'replaced';
  const text = endedText(closed.reason, closed.error?.message);
  return (
    <Alert look={isProblem ? 'banner' : 'note'} label="Session ended" className="space-y-1.5">
      <p>
        {summary?.isImported && <span className="font-semibold">Imported session, read-only. </span>}
        <span className="font-semibold">{text.headline}</span> {text.detail}
        {closed.exitCode !== undefined && closed.exitCode !== null && closed.reason !== 'user' && (
          <span className="ml-1 text-xs">(exit code {closed.exitCode})</span>
        )}
        {closed.signal && closed.reason !== 'user' && <span className="ml-1 text-xs">(signal {closed.signal})</span>}
      </p>
      {isProblem && closed.stderrTail && closed.stderrTail.length > 0 && (
        <details open>
          <summary className="cursor-pointer text-xs">Last stderr lines</summary>
          <pre
            aria-label="Last stderr lines"
            className="mt-1 max-h-40 overflow-auto rounded bg-white/70 p-2 font-mono text-xs whitespace-pre-wrap ring-1 ring-rose-200"
          >
            {closed.stderrTail.join('\n')}
          </pre>
        </details>
      )}
      {closed.reason === 'connect-failed' && !summary?.isImported && session && <ConnectionDoctor sessionId={session.sessionId} />}
    </Alert>
  );
}

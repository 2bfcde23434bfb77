import { describeHost, describeTarget, tapHostOf } from '@wire/target-names';
import { useApp, useAppStore } from '@app/state/app-context';
import { Button } from '@app/ui/button';

/**
 * Tapped sessions a host started while the page showed a session in use (docs/tap.md): the page
 * stays where the person is, and says so here, one line a session, with Open.
 */
export function TappedSessionNotice() {
  const app = useAppStore();
  const { sessions, newTaps } = useApp();
  const announced = newTaps.flatMap((id) => sessions.find((s) => s.sessionId === id) ?? []);
  return (
    // Always in the page: a live region added with its text is not read out everywhere.
    <div aria-live="polite">
      {announced.map((summary) => {
        const host = tapHostOf(summary.target);
        return (
          <section
            key={summary.sessionId}
            aria-label="New tapped session"
            className="flex items-center gap-2 border-b border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-950"
          >
            <p className="min-w-0 flex-1">
              <span className="font-semibold">
                {host ? describeHost(host) : 'A host'} started {summary.serverName ?? describeTarget(summary.target)}
              </span>{' '}
              through the tap; its session is live. The page stays on the session you are using.
            </p>
            <Button size="sm" onClick={() => app.watch(summary.sessionId)}>
              Open
            </Button>
            <Button size="sm" tone="ghost" onClick={() => app.dismissTap(summary.sessionId)}>
              Dismiss
            </Button>
          </section>
        );
      })}
    </div>
  );
}

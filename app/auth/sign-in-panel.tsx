import { useMemo } from 'react';
import { analyzeUrl } from '@wire/url-checks';
import { useCommands, useIsLive, useSession } from '@app/state/app-context';
import { Badge, type BadgeTone } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { Section } from '@app/ui/section';
import { useBusyAction } from '@app/ui/use-busy-action';
import { oauthView, type OAuthView } from './oauth-view';
import { SignInDestination } from './sign-in-destination';
import { SignInSteps } from './sign-in-steps';
import { useOAuthSteps } from './use-oauth-steps';

const STATE_BADGE: Record<OAuthView['state'], { tone: BadgeTone; text: string }> = {
  'signing-in': { tone: 'info', text: 'Signing in' },
  waiting: { tone: 'warning', text: 'Waiting for you' },
  'signed-in': { tone: 'success', text: 'Signed in' },
  failed: { tone: 'danger', text: 'Failed' },
  'signed-out': { tone: 'neutral', text: 'Signed out' },
};

/**
 * OAuth for the session's server, step by step: the sign-in page to open (only
 * on a click, in a new tab with no handle back to this page), the metadata
 * found, the scopes asked and granted, the token's expiry and refreshes, and
 * Sign out. Shown only for a session that met OAuth.
 */
export function SignInPanel() {
  const session = useSession();
  const steps = useOAuthSteps(session);
  const view = useMemo(() => oauthView(steps), [steps]);
  const isLive = useIsLive();
  const commands = useCommands();
  const { busy, error, run } = useBusyAction();
  const analysis = useMemo(() => (view?.authorizationUrl ? analyzeUrl(view.authorizationUrl) : undefined), [view?.authorizationUrl]);
  if (!session || !view) return null;
  const badge = STATE_BADGE[view.state];

  const open = () => {
    // Inside the click, or the browser blocks the window; noopener: the sign-in page gets no handle on the inspector.
    // The href the checks judged, not the text, which the browser would resolve against this page.
    if (analysis?.href && !analysis.isRefused) window.open(analysis.href, '_blank', 'noopener,noreferrer');
  };
  const signOut = () => void run(() => commands.send('sign-out', { sessionId: session.sessionId }));

  return (
    <Section
      title="Sign-in"
      className="shrink-0 border-b border-slate-200"
      bodyClassName="space-y-3 p-3"
      actions={<Badge tone={badge.tone}>{badge.text}</Badge>}
    >
      <p className="text-sm text-slate-800" aria-label="Sign-in status">
        {view.lastMessage}
      </p>
      {view.state === 'waiting' && analysis && (
        <div className="space-y-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-amber-300">
          <SignInDestination analysis={analysis} />
          <Button tone="primary" size="sm" onClick={open} disabled={analysis.isRefused || !isLive}>
            Open sign-in page
          </Button>
        </div>
      )}
      <dl aria-label="Sign-in facts" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {view.authorizationServer && <Fact term="Authorization server" value={view.authorizationServer} />}
        {view.scopeAsked && <Fact term="Scopes asked" value={view.scopeAsked} />}
        {view.scopeGranted !== undefined && <Fact term="Scopes granted" value={view.scopeGranted || '(none named)'} />}
        {view.expiresAt !== undefined && <Fact term="Token expires" value={new Date(view.expiresAt).toLocaleTimeString()} />}
        {view.refreshCount > 0 && <Fact term="Refreshed" value={`${view.refreshCount} time${view.refreshCount === 1 ? '' : 's'}`} />}
      </dl>
      <SignInSteps steps={view.steps} />
      {isLive && view.state === 'signed-in' && (
        <Button size="sm" tone="secondary" onClick={signOut} disabled={busy}>
          Sign out
        </Button>
      )}
      {error && (
        <p role="alert" className="text-xs text-rose-700">
          {error}
        </p>
      )}
    </Section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-mono break-all text-slate-800">{value}</dd>
    </>
  );
}

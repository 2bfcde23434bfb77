import { useMemo } from 'react';
import { analyzeUrl } from '@wire/url-checks';
import { ruleAnsweredText, ruleMatchText } from '@app/model/rule-text';
import type { CallView, ElicitationView } from '@app/model/session-store';
import { useAppStore, useCommands } from '@app/state/app-context';
import { Badge } from '@app/ui/badge';
import { Button } from '@app/ui/button';
import { cn } from '@app/ui/cn';
import { Spoken } from '@app/ui/spoken';
import { Elapsed } from '@app/ui/countdown';
import { useBusyAction } from '@app/ui/use-busy-action';
import { flowErrors, flowState } from './flow-status';
import { STATUS_TONE } from './status-tone';
import { UrlDestination } from './url-destination';
import { AuthorizationStep } from './authorization-step';
import { displayText } from '../ui/display-text';
import { Alert } from '../ui/alert';

type Props = {
  flow: ElicitationView;
  call: CallView | undefined;
  sessionId: string;
  /** -32042 calls wait for every flow; offer "Retry now" when they are done and auto-retry is off. */
  canRetryCall: boolean;
  highlighted: boolean;
  /** A recorded session: the flow can be read, not acted on. */
  readOnly: boolean;
  onDismiss: () => void;
};

/** One URL-mode elicitation: who asks, where it really goes, consent, and a live timeline until its call ends. */
export function UrlFlowCard({ flow, call, sessionId, canRetryCall, highlighted, readOnly, onDismiss }: Props) {
  const commands = useCommands();
  const app = useAppStore();
  const { busy, error, run: runAction } = useBusyAction();
  const url = typeof flow.params.url === 'string' ? flow.params.url : '';
  const analysis = useMemo(() => analyzeUrl(url), [url]);
  const state = flowState(flow, call);
  const ruleAnswer = flow.actions.find((a) => a.actor === 'rule' && a.rule && a.action !== 'mark-done');
  const elicitationId = typeof flow.params.elicitationId === 'string' ? flow.params.elicitationId : undefined;
  const pending = !flow.end;
  const origin = flow.origin.kind;
  // 2026-07-28 has no consent message: opening is recorded, and "Done, retry" sends accept with the retried call.
  const consentSendsAccept = origin !== 'mrtr';

  const run = (action: () => Promise<unknown>) => void runAction(action);
  const answer = (action: 'accept' | 'decline' | 'cancel') => commands.send('answer-elicitation', { sessionId, key: flow.key, action });
  const record = (action: 'open-url' | 'copy-url' | 'mark-done' | 'dismiss') => commands.send('record-action', { sessionId, key: flow.key, action });

  const open = () => {
    // Open first, inside the click: browsers block windows opened later. noopener: the page gets no handle on us.
    // The href the checks judged, not the text: that the browser would resolve against this page ("http:x" is a path here).
    if (analysis.href) window.open(analysis.href, '_blank', 'noopener,noreferrer');
    run(async () => {
      if (pending && consentSendsAccept) await answer('accept');
      await record('open-url');
    });
  };
  const copy = () =>
    run(async () => {
      await navigator.clipboard.writeText(url);
      if (pending && consentSendsAccept) await answer('accept');
      await record('copy-url');
    });

  return (
    <article
      aria-label={`URL elicitation ${flow.key}`}
      className={cn(
        'space-y-2 rounded-lg bg-white p-3 shadow-sm ring-1',
        pending ? 'ring-amber-300' : state.isActive ? 'ring-sky-300' : 'ring-slate-200',
        highlighted && 'outline-2 outline-offset-2 outline-indigo-500',
      )}
    >
      <header className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
        <span>
          <span className="font-semibold text-slate-900">{flow.serverName}</span> asks you to visit a URL
        </span>
        <Spoken text=", " />
        <Badge tone={STATUS_TONE[state.status]}>
          <span role="status" aria-label="Flow status">
            {state.status}
          </span>
        </Badge>
        <Spoken text=", " />
        <span className="ml-auto text-slate-500">
          <Elapsed since={flow.requestedAt} until={state.isActive ? undefined : (call?.end?.at ?? flow.end?.at)} label="Flow time" />
        </span>
      </header>
      <p className="text-[11px] text-slate-500">
        {elicitationId ? (
          <>
            elicitationId{' '}
            <span className="font-mono text-slate-700" aria-label="elicitationId">
              {elicitationId}
            </span>
          </>
        ) : (
          'no elicitationId (2026-07-28): completion is learned by retrying'
        )}
        {' · '}
        {call ? `${call.name} (${call.callId})` : 'no tool call known'}
        {origin === 'url-required' && ' · from a -32042 error'}
        {flow.origin.kind === 'mrtr' && ` · round ${flow.origin.round} · ${flow.origin.inputKey}`}
      </p>
      <p className="text-sm whitespace-pre-wrap text-slate-900" aria-label="Message">
        {displayText(flow.params.message)}
      </p>
      {flow.authorization && <AuthorizationStep denial={flow.authorization} />}
      {flow.ruleMatch && (
        <p role="status" aria-label="Rule" className="rounded-md bg-indigo-50 px-2 py-1 text-xs text-indigo-900 ring-1 ring-indigo-200">
          {ruleAnswer?.rule ? ruleAnsweredText(ruleAnswer.rule) : ruleMatchText(flow.ruleMatch)}
        </p>
      )}
      <UrlDestination analysis={analysis} />
      {flowErrors(flow.findings).map((f) => (
        <p key={f.code} className="rounded bg-rose-50 px-2 py-1 text-xs text-rose-800 ring-1 ring-rose-200">
          {f.message}
        </p>
      ))}
      <ol aria-label="Timeline" className="space-y-0.5 border-l-2 border-slate-200 pl-3 text-xs">
        {state.timeline.map((step, i) => (
          <li key={i} className={cn(step.tone === 'good' ? 'text-emerald-800' : step.tone === 'bad' ? 'text-rose-800' : 'text-slate-700')}>
            <span className="mr-1.5 font-mono text-[10px] text-slate-500">+{((step.at - flow.requestedAt) / 1000).toFixed(1)} s</span>
            <Spoken text=": " />
            {step.label}
          </li>
        ))}
        {state.status === 'Waiting for completion' && (
          <li className="text-slate-500">{elicitationId ? 'No completion notification yet (many servers never send one).' : 'Waiting for the tool call.'}</li>
        )}
      </ol>
      {error && <Alert look="inline">{error}</Alert>}
      <div className={cn('flex flex-wrap gap-2', readOnly && 'hidden')}>
        {(pending || state.isActive) && (
          <Button
            tone={pending ? 'primary' : 'secondary'}
            size="sm"
            onClick={open}
            disabled={analysis.isRefused}
            title={analysis.isRefused ? 'This URL cannot be opened; see why above.' : 'Opens in a new tab'}
          >
            {pending ? 'Open' : 'Open again'}
          </Button>
        )}
        {(pending || state.isActive) && (
          <Button size="sm" onClick={copy} disabled={analysis.isRefused}>
            Copy URL
          </Button>
        )}
        {pending && origin === 'mrtr' && (
          <Button tone="primary" size="sm" onClick={() => run(() => answer('accept'))} disabled={busy}>
            Done, retry
          </Button>
        )}
        {pending && (
          <>
            <Button size="sm" onClick={() => run(() => answer('decline'))} disabled={busy}>
              Decline
            </Button>
            <Button tone="ghost" size="sm" onClick={() => run(() => answer('cancel'))} disabled={busy}>
              Cancel
            </Button>
          </>
        )}
        {!pending && state.status === 'Waiting for completion' && origin === 'url-required' && (
          <Button tone="primary" size="sm" onClick={() => run(() => record('mark-done'))}>
            Mark as done
          </Button>
        )}
        {canRetryCall && call && (
          <Button tone="primary" size="sm" onClick={() => run(() => commands.send('retry-call', { sessionId, callId: call.callId }))}>
            Retry now
          </Button>
        )}
        <Button size="sm" tone="ghost" onClick={() => app.reveal({ logStory: { kind: 'flow', id: flow.key } })}>
          Show in log
        </Button>
        {!pending && (
          <Button size="sm" tone="ghost" onClick={() => run(async () => (await record('dismiss'), onDismiss()))}>
            Dismiss
          </Button>
        )}
      </div>
    </article>
  );
}

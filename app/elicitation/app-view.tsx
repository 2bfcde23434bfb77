import { useEffect, useRef, useState } from 'react';
import { APP_MONITOR_KEY, AppMonitorMessageSchema, type AppViewOpened } from '@wire/app-bridge';
import type { ElicitationView } from '@app/model/session-store';
import { useCommands } from '@app/state/app-context';
import { AppBridge, type BridgeStage } from './app-bridge-host';

type Status = { stage: BridgeStage | 'opening' | 'failed' | 'sent' | 'refused'; text: string };

const STAGE_TEXT: Record<BridgeStage, string> = {
  loading: 'Loading the app…',
  initializing: 'The app is starting',
  asked: 'The app has the request: answer in it, or with the form below.',
  answered: 'The app answered.',
  'no-elicitation': 'The app did not declare elicitation in ui/initialize, so it was not given the request: answer with the form below.',
};

/**
 * SEP-3118: the server's MCP App for a form request, as MCP Apps asks of a web
 * host: the frame is a sandbox proxy (`allow-scripts allow-same-origin`) on the
 * inspector's second origin, a loopback port of its own, and the app's document
 * runs inside it, on that origin: its storage works, and it cannot read this
 * page, its storage or the proxy's API. The proxy serves the sandbox under a CSP
 * that allows the app's inline code and the plain https origins its resource
 * declares (shown here). Messages go through the MCP Apps bridge
 * (app-bridge-host.ts), to and from that origin only; the app's answer is sent
 * like a person's and checked by the proxy. The native form beside it stays the
 * fallback. In its own chunk, fetched when such a request comes.
 */
export default function AppView({ elicitation, sessionId }: { elicitation: ElicitationView; sessionId: string }) {
  const commands = useCommands();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [view, setView] = useState<AppViewOpened>();
  const [status, setStatus] = useState<Status>({ stage: 'opening', text: 'Reading the app from the server…' });
  const [height, setHeight] = useState(220);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    let isCurrent = true;
    commands.send('open-app-view', { sessionId, key: elicitation.key }).then(
      (opened) => isCurrent && setView(opened),
      (error: unknown) => isCurrent && setStatus({ stage: 'failed', text: `The app cannot be shown: ${(error as Error).message} Answer with the form below.` }),
    );
    return () => {
      isCurrent = false;
    };
  }, [commands, sessionId, elicitation.key]);

  useEffect(() => {
    if (!view) return;
    const appOrigin = new URL(view.url).origin;
    let pending: string[] = [];
    let flush: ReturnType<typeof setTimeout> | undefined;
    const report = (problem: string) => {
      pending.push(problem);
      flush ??= setTimeout(() => {
        const problems = pending;
        pending = [];
        flush = undefined;
        // A report that cannot be sent (the request ended meanwhile) has nothing left to be about.
        commands.send('report-app-view', { sessionId, key: elicitation.key, problems }).catch(() => undefined);
      }, 50);
    };
    const bridge = new AppBridge(
      elicitation.params,
      {
        post: (message) => frameRef.current?.contentWindow?.postMessage(message, appOrigin),
        problem: report,
        stage: (stage, detail) =>
          setStatus({ stage, text: detail && stage === 'initializing' ? `${STAGE_TEXT[stage]} (${detail})…` : (detail ?? STAGE_TEXT[stage]) }),
        resize: (next) => setHeight(Math.max(80, next)),
        answer: (result) => {
          setStatus({ stage: 'sent', text: `The app answered ${result.action}; sending it…` });
          commands
            .send('answer-elicitation', {
              sessionId,
              key: elicitation.key,
              action: result.action,
              ...(result.content && { content: result.content }),
              actor: 'app',
            })
            .then(
              () => setStatus({ stage: 'sent', text: `The app answered ${result.action}.` }),
              (error: unknown) => {
                setRefusal((error as Error).message);
                setStatus({ stage: 'refused', text: 'The app’s answer was refused and not sent: answer with the form below.' });
              },
            );
        },
      },
      { theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light', displayMode: 'inline', platform: 'web' },
      { html: view.html, csp: view.granted },
    );
    const onMessage = (event: MessageEvent) => {
      // Only the frame this view opened speaks to it, from the app origin; any other window, or that frame navigated elsewhere, is not the app.
      if (!frameRef.current || event.source !== frameRef.current.contentWindow || event.origin !== appOrigin) return;
      const monitor = AppMonitorMessageSchema.safeParse(event.data);
      if (monitor.success && monitor.data[APP_MONITOR_KEY] === view.monitorNonce) {
        report(monitor.data.kind === 'csp' ? `was stopped by its CSP: ${monitor.data.detail}` : `was stopped by the sandbox: ${monitor.data.detail}`);
        return;
      }
      bridge.receive(event.data);
    };
    window.addEventListener('message', onMessage);
    // The frame is pointed at its sandbox only now, with the listener in place: the sandbox says it is
    // ready once, as soon as it runs, and a same-site frame can run before a later effect would listen.
    // Set again when this effect runs again, it reloads the sandbox for the new bridge.
    if (frameRef.current) frameRef.current.src = view.url;
    return () => {
      window.removeEventListener('message', onMessage);
      if (flush) clearTimeout(flush);
    };
  }, [view, commands, sessionId, elicitation.key, elicitation.params]);

  return (
    <section aria-label="App view" className="space-y-1.5 rounded-md bg-indigo-50/50 p-2 ring-1 ring-indigo-200">
      <p className="text-xs text-slate-700">
        The server offers an app for this form (SEP-3118)
        {view ? (
          <>
            : <code className="font-mono text-[11px]">{view.resourceUri}</code>
          </>
        ) : null}
        . It runs sandboxed on an origin of its own, without access to this page; the form below is the fallback.
      </p>
      {view && (view.granted.connectDomains.length > 0 || view.granted.resourceDomains.length > 0) && (
        // The extension asks a host to tell the person when an app reaches beyond itself.
        <p className="text-xs text-amber-800">
          Its resource declares network access, which its CSP grants:
          {view.granted.connectDomains.length > 0 && ` connects to ${view.granted.connectDomains.join(', ')}.`}
          {view.granted.resourceDomains.length > 0 && ` loads from ${view.granted.resourceDomains.join(', ')}.`}
        </p>
      )}
      {view && (
        <iframe
          ref={frameRef}
          title={`App ${view.resourceUri}`}
          sandbox="allow-scripts allow-same-origin"
          referrerPolicy="no-referrer"
          style={{ height }}
          className="w-full rounded border border-slate-300 bg-white"
        />
      )}
      <p role="status" aria-label="App view status" className="text-xs text-slate-600">
        {status.text}
      </p>
      {refusal && (
        // The Alert widget's look, written out: importing it here would split it out of the first chunk.
        <p role="alert" aria-label="App answer refused" className="rounded-md bg-rose-50 px-2 py-1.5 text-xs text-rose-800 ring-1 ring-rose-200">
          {refusal}
        </p>
      )}
    </section>
  );
}

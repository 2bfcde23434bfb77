/**
 * SEP-3118, app-rendered elicitation (the Proposals setting `appElicitation`):
 * the app a pending form request names is read from the server that sent the
 * request (a `resources/read` call, logged like any other), and shown as MCP Apps
 * asks of a web host: a sandbox proxy on a second origin of the inspector's (a
 * loopback port of its own, server/http/app-origin.ts), served at an unguessable
 * path while the request's session is live, loads the app's document the page
 * hands it, under a CSP that allows the app's inline code and the plain https
 * origins its resource declares (app-csp.ts). docs/proposals.md says what a person sees.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { APP_MONITOR_KEY, type AppViewOpened } from '../../wire/app-bridge';
import { type AppCsp, appViewCsp, declaredCsp } from './app-csp';
import type { EventOf, LogEvent } from '../../wire/events';
import { WireFailure } from '../../wire/errors';
import { findingOf } from '../../wire/finding-codes';
import { APP_MIME_TYPE, appResourceOf } from '../../wire/proposals';
import type { Session } from '../session';

/** The largest app document served: a form's app is a page, not an application bundle. */
export const MAX_APP_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** How long a read may take before the page is told to answer with the form. */
const READ_TIMEOUT_MS = 15_000;
/** How long a view's sandbox stays served: the frame loads it at once; a reload of the page opens a new view. */
const VIEW_TTL_MS = 10 * 60_000;

/** Where the app origin serves a view's sandbox proxy: this, then the view's id. */
export const APP_VIEW_PATH = '/app-view/';

/** What the app origin needs to serve one view's sandbox proxy. */
export type AppViewSandbox = {
  /** The CSP header of the sandbox's document, which the app's document inherits. */
  csp: string;
  /** The page's exact origin: the only one that may frame the sandbox, and the only one it talks to. */
  hostOrigin: string;
};

type View = AppViewSandbox & { isLive: () => boolean; expiresAt: number };

/** The views being served, by their path id: the id is the capability, good while its session is live. */
export class AppViews {
  private readonly views = new Map<string, View>();

  add(view: AppViewSandbox & { isLive: () => boolean }): string {
    this.sweep();
    const id = randomBytes(18).toString('base64url');
    this.views.set(id, { ...view, expiresAt: Date.now() + VIEW_TTL_MS });
    return id;
  }

  /** The sandbox of view `id`, while its session is live and the view has not expired. */
  sandbox(id: string): AppViewSandbox | undefined {
    const view = this.views.get(id);
    if (!view || view.expiresAt < Date.now() || !view.isLive()) return undefined;
    return { csp: view.csp, hostOrigin: view.hostOrigin };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, view] of this.views) if (view.expiresAt < now || !view.isLive()) this.views.delete(id);
  }
}

/** An opened view as the session layer knows it: the HTTP layer makes its id a URL on the app origin. */
export type OpenedAppView = Omit<AppViewOpened, 'url'> & { id: string };

/** Read the app of the pending form request `key` from its own server and serve it; refused with a reason the page shows beside the form. */
export async function openAppView(session: Session, key: string, views: AppViews, hostOrigin: string): Promise<OpenedAppView> {
  if (!session.settings.proposals.appElicitation)
    throw new WireFailure('conflict', 'App-rendered elicitation is off for this connection (Client settings → Proposals).');
  const pending = session.broker.pendingParams(key);
  if (!pending) throw new WireFailure('not-found', `Elicitation ${key} is no longer pending.`);
  if (pending.mode !== 'form')
    throw new WireFailure('invalid-command', 'Only a form request can be rendered by an app (URL mode stays out of the client, as the proposal says).');
  const resource = appResourceOf(pending.params);
  if ('absent' in resource) throw new WireFailure('invalid-command', `Elicitation ${key} names no app (_meta.ui.resourceUri).`);
  if ('invalid' in resource) throw new WireFailure('invalid-command', `${resource.invalid}: answer with the form.`);
  const readCallId = session.startCall('resources/read', resource.uri, { uri: resource.uri });
  const end = await callEnd(session, readCallId);
  const read = appDocument(end, resource.uri);
  if ('problem' in read) {
    session.reportFindings([findingOf('app-resource-invalid', `The app ${resource.uri} cannot be rendered: ${read.problem}. The form is the fallback.`)], {
      key,
    });
    throw new WireFailure('invalid-command', `The app ${resource.uri} cannot be rendered: ${read.problem}.`);
  }
  const csp = appViewCsp(read.csp, hostOrigin);
  reportCsp(session, key, resource.uri, csp);
  const monitorNonce = randomUUID();
  const id = views.add({ csp: csp.header, hostOrigin, isLive: () => session.isLive });
  return { id, html: withMonitor(read.html, monitorNonce), resourceUri: resource.uri, monitorNonce, readCallId, granted: csp.granted };
}

/** Declared domains the view's CSP does not grant: refused values (warning), lists never granted (info). */
function reportCsp(session: Session, key: string, uri: string, csp: AppCsp): void {
  const findings = [
    ...csp.refused.map(({ field, value, reason }) =>
      findingOf('app-csp-refused', `The app ${uri} declares ${JSON.stringify(value)} in _meta.ui.csp.${field}, which is not granted: ${reason}.`),
    ),
    ...csp.ignored.map((field) =>
      findingOf(
        'app-csp-not-granted',
        `The app ${uri} declares _meta.ui.csp.${field}; the inspector grants no nested frames and no base URI, so the view runs without them.`,
      ),
    ),
  ];
  if (findings.length) session.reportFindings(findings, { key });
}

/** What the page saw an app do outside the protocol, as findings on its request. */
export function reportAppView(session: Session, key: string, problems: string[]): void {
  session.reportFindings(
    problems.map((problem) => findingOf('app-outside-protocol', `The app view ${problem}`)),
    { key },
  );
}

/** An app's answer that the broker refused: a finding on the request, beside the refusal the page shows. */
export function reportRefusedAppAnswer(session: Session, key: string, reason: string): void {
  session.reportFindings([findingOf('app-answer-invalid', `The app's answer was refused and not sent: ${reason}. The form is the fallback.`)], { key });
}

function callEnd(session: Session, callId: string): Promise<EventOf<'call-end'>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new WireFailure('timeout', `The server did not answer resources/read within ${READ_TIMEOUT_MS / 1000} s.`));
    }, READ_TIMEOUT_MS);
    const stop = session.log.follow((events: readonly LogEvent[]) => {
      const end = events.find((event): event is EventOf<'call-end'> => event.kind === 'call-end' && event.callId === callId);
      if (!end) return;
      clearTimeout(timer);
      stop();
      resolve(end);
    });
  });
}

/** The HTML of a resources/read result, when it is an MCP App document for `uri`. */
export function appDocument(end: EventOf<'call-end'>, uri: string): { html: string; csp?: Record<string, unknown> } | { problem: string } {
  if (end.outcome !== 'result' || !end.result) return { problem: `resources/read ended with ${end.outcome}${end.error ? ` (${end.error.message})` : ''}` };
  const contents = Array.isArray(end.result.contents) ? (end.result.contents as unknown[]) : [];
  const item = contents.find((c): c is Record<string, unknown> => typeof c === 'object' && c !== null && (c as { uri?: unknown }).uri === uri) ?? contents[0];
  if (typeof item !== 'object' || item === null) return { problem: 'resources/read returned no contents' };
  const content = item as Record<string, unknown>;
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType.replace(/\s+/g, '').toLowerCase() : '';
  if (mimeType !== APP_MIME_TYPE) return { problem: `its MIME type is ${JSON.stringify(content.mimeType ?? null)}, not ${APP_MIME_TYPE}` };
  const html =
    typeof content.text === 'string' ? content.text : typeof content.blob === 'string' ? Buffer.from(content.blob, 'base64').toString('utf8') : undefined;
  if (html === undefined) return { problem: 'its contents have neither text nor blob' };
  if (Buffer.byteLength(html) > MAX_APP_DOCUMENT_BYTES) return { problem: `it is larger than ${MAX_APP_DOCUMENT_BYTES} bytes` };
  const csp = declaredCsp(content);
  return csp ? { html, csp } : { html };
}

/**
 * The document with the inspector's monitor first: it tells the page (through the
 * sandbox proxy, its parent) of errors the sandbox throws at the app (reading the
 * inspector's page, navigating the top window)
 * and of CSP violations, which the page cannot see from outside the frame. The
 * app can read the nonce and forge reports: it can only accuse itself.
 */
export function withMonitor(html: string, nonce: string): string {
  const monitor = `<script>(function(){var k=${JSON.stringify(APP_MONITOR_KEY)},n=${JSON.stringify(nonce)};function r(kind,d){try{var m={kind:kind,detail:String(d).slice(0,400)};m[k]=n;parent.postMessage(m,"*")}catch(e){}}addEventListener("error",function(e){r("error",e.message)});addEventListener("unhandledrejection",function(e){r("error",e.reason&&e.reason.message||e.reason)});addEventListener("securitypolicyviolation",function(e){r("csp",e.violatedDirective+" "+e.blockedURI)})})();</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + monitor + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + monitor + html.slice(doctype[0].length);
  return monitor + html;
}

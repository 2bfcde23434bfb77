/**
 * The sandbox proxy of an MCP App's view (MCP Apps 2026-01-26, "Sandbox proxy"): the document the
 * page frames on the app origin, with `allow-scripts allow-same-origin`. It says it is ready with
 * `ui/notifications/sandbox-proxy-ready`, loads the HTML the page sends in
 * `ui/notifications/sandbox-resource-ready` (once) into the one frame inside it, on its own origin,
 * under the CSP this document was served with (a srcdoc document inherits it; its `frame-src 'none'`
 * stops frames loaded from a URL, not a srcdoc one), and passes every
 * other message between the page and that frame, each way only from and to the exact origin
 * expected; the `ui/notifications/sandbox-` ones it never passes. It creates no request of its own.
 */
import { SANDBOX_METHOD_PREFIX, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '../wire/app-bridge';

/** A value as a JavaScript literal that cannot end the script element it is written in. */
function literal(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The sandbox's document for a page on `hostOrigin`. */
export function sandboxDocument(hostOrigin: string): string {
  const script = `(function () {
  var HOST = ${literal(hostOrigin)}, PREFIX = ${literal(SANDBOX_METHOD_PREFIX)}, view = null;
  function isSandboxMessage(m) { return typeof m === 'object' && m !== null && typeof m.method === 'string' && m.method.indexOf(PREFIX) === 0; }
  addEventListener('message', function (event) {
    if (event.source === parent && event.origin === HOST) {
      if (!isSandboxMessage(event.data)) { if (view && view.contentWindow) view.contentWindow.postMessage(event.data, location.origin); return; }
      var params = event.data.params;
      if (event.data.method !== ${literal(SANDBOX_RESOURCE_READY)} || view || !params || typeof params.html !== 'string') return;
      view = document.createElement('iframe');
      view.setAttribute('sandbox', 'allow-scripts allow-same-origin');
      view.setAttribute('title', 'App document');
      view.srcdoc = params.html;
      document.body.appendChild(view);
      return;
    }
    if (view && event.source === view.contentWindow && event.origin === location.origin && !isSandboxMessage(event.data)) parent.postMessage(event.data, HOST);
  });
  parent.postMessage({ jsonrpc: '2.0', method: ${literal(SANDBOX_PROXY_READY)}, params: {} }, HOST);
})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>App sandbox</title>
<style>html, body { margin: 0; height: 100%; overflow: hidden; } iframe { display: block; border: 0; width: 100%; height: 100%; }</style>
</head><body><script>${script}</script></body></html>`;
}

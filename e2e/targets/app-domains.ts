/**
 * An MCP App whose resource declares network access (`_meta.ui.csp`, MCP Apps 2026-01-26), for
 * app-rendered forms (SEP-3118). Its one tool, `fetch_app`, takes the origin to declare and one to
 * leave undeclared; the app fetches both and says in its page which it reached. Beside the declared
 * origin the resource declares values a host must refuse: a bare wildcard, a keyword, a scheme, an
 * injected directive, an http origin, and nested frames.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const APP_URI = 'ui://app-domains/fetch';
const MIME = 'text/html;profile=mcp-app';

export const HOSTILE_DOMAINS = ['*', "'unsafe-inline'", 'data:', 'https://ok.example; script-src *', 'http://127.0.0.1:9'];

let origins = { declared: 'https://declared.invalid', undeclared: 'https://undeclared.invalid' };

/** The app: it fetches /ping of each origin and writes what happened, so a person (and a test) reads it in the frame. */
function appHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fetch</title></head><body>
<h1>Network access</h1><p id="declared">declared: trying</p><p id="undeclared">undeclared: trying</p>
<script>
function reach(id, origin) {
  fetch(origin + '/ping').then(function (r) { return r.text(); }).then(
    function (t) { document.getElementById(id).textContent = id + ': reached (' + t + ')'; },
    function () { document.getElementById(id).textContent = id + ': blocked'; });
}
reach('declared', ${JSON.stringify(origins.declared)});
reach('undeclared', ${JSON.stringify(origins.undeclared)});
</script></body></html>`;
}

serveStdio(() => {
  const server = new McpServer({ name: 'app-domains', version: '1.0.0' });
  server.registerResource('fetch_app', APP_URI, { title: 'An app that fetches', mimeType: MIME }, (uri) => ({
    contents: [
      {
        uri: uri.href,
        mimeType: MIME,
        text: appHtml(),
        _meta: {
          ui: {
            csp: {
              connectDomains: [origins.declared, ...HOSTILE_DOMAINS],
              resourceDomains: [origins.declared],
              frameDomains: ['https://frames.example'],
            },
          },
        },
      },
    ],
  }));
  server.registerTool(
    'fetch_app',
    {
      description: 'Asks for a note with a form rendered by an app that fetches from the declared origin and from an undeclared one.',
      inputSchema: z.object({ declared: z.string(), undeclared: z.string() }),
    },
    async (args, ctx) => {
      origins = { declared: args.declared, undeclared: args.undeclared };
      const view = inputResponse(ctx.mcpReq.inputResponses, 'note');
      if (view.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            note: inputRequired.elicit({
              message: 'A note, please.',
              requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
              _meta: { ui: { resourceUri: APP_URI } },
            } as never),
          },
        });
      }
      return { content: [{ type: 'text', text: `fetch_app: ${JSON.stringify(view)}` }] };
    },
  );
  return server;
});

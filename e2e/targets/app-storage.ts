/**
 * Two MCP Apps (MCP Apps 2026-01-26) for app-rendered forms (SEP-3118) that test the origin a
 * host gives them. `storage_app`'s app counts its views in localStorage and stores a value in
 * sessionStorage and IndexedDB, then reads each back and writes what it read in its page: an app
 * needs an origin of its own for that. `probe_app`'s app tries to reach the inspector that shows
 * it (its top window, its API, what its storage holds) and writes what it got.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const MIME = 'text/html;profile=mcp-app';

const SHOW = `function show(id, text) { document.getElementById(id).textContent = text; }
function attempt(id, read) { try { show(id, id + ': ' + read()); } catch (e) { show(id, id + ': blocked (' + e.name + ')'); } }`;

const STORAGE_APP = `<!doctype html><html><head><meta charset="utf-8"><title>Storage</title></head><body>
<h1>Storage</h1><p id="local">local: trying</p><p id="session">session: trying</p><p id="indexeddb">indexeddb: trying</p>
<script>${SHOW}
attempt('local', function () {
  localStorage.setItem('views', String(Number(localStorage.getItem('views') || 0) + 1));
  return 'view ' + localStorage.getItem('views');
});
attempt('session', function () { sessionStorage.setItem('note', 'kept'); return sessionStorage.getItem('note'); });
try {
  var open = indexedDB.open('app-storage', 1);
  open.onupgradeneeded = function () { open.result.createObjectStore('values'); };
  open.onerror = function () { show('indexeddb', 'indexeddb: blocked (' + (open.error && open.error.name) + ')'); };
  open.onsuccess = function () {
    var db = open.result;
    var write = db.transaction('values', 'readwrite');
    write.objectStore('values').put('stored', 'value');
    write.oncomplete = function () {
      db.transaction('values').objectStore('values').get('value').onsuccess = function (event) { show('indexeddb', 'indexeddb: ' + event.target.result); };
    };
  };
} catch (e) { show('indexeddb', 'indexeddb: blocked (' + e.name + ')'); }
</script></body></html>`;

const PROBE_APP = `<!doctype html><html><head><meta charset="utf-8"><title>Probe</title></head><body>
<h1>Probe</h1><p id="origin">origin: trying</p><p id="top">top: trying</p><p id="storage">storage: trying</p><p id="api">api: trying</p>
<script>${SHOW}
var ancestors = location.ancestorOrigins ? Array.prototype.slice.call(location.ancestorOrigins) : [];
var inspector = ancestors[ancestors.length - 1] || '';
attempt('origin', function () { return self.origin + ' in ' + ancestors.join(' in '); });
attempt('top', function () { return top.location.href; });
attempt('storage', function () {
  var found = { local: {}, session: {}, cookie: document.cookie, name: window.name, referrer: document.referrer };
  for (var i = 0; i < localStorage.length; i++) found.local[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
  for (var j = 0; j < sessionStorage.length; j++) found.session[sessionStorage.key(j)] = sessionStorage.getItem(sessionStorage.key(j));
  return JSON.stringify(found);
});
fetch(inspector + '/api/health').then(function (r) { return r.text(); }).then(
  function (text) { show('api', 'api: reached ' + text); },
  function () { show('api', 'api: blocked'); });
</script></body></html>`;

const APPS = [
  { tool: 'storage_app', uri: 'ui://app-storage/storage', html: STORAGE_APP },
  { tool: 'probe_app', uri: 'ui://app-storage/probe', html: PROBE_APP },
] as const;

serveStdio(() => {
  const server = new McpServer({ name: 'app-storage', version: '1.0.0' });
  for (const app of APPS) {
    server.registerResource(app.tool, app.uri, { title: app.tool, mimeType: MIME }, (uri) => ({
      contents: [{ uri: uri.href, mimeType: MIME, text: app.html }],
    }));
    server.registerTool(
      app.tool,
      { description: `Asks for a note with a form rendered by the app ${app.uri}.`, inputSchema: z.object({}) },
      async (_args, ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'note');
        if (view.kind === 'missing') {
          return inputRequired({
            inputRequests: {
              note: inputRequired.elicit({
                message: 'A note, please.',
                requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
                _meta: { ui: { resourceUri: app.uri } },
              } as never),
            },
          });
        }
        return { content: [{ type: 'text', text: `${app.tool}: ${JSON.stringify(view)}` }] };
      },
    );
  }
  return server;
});

import { describe, expect, it } from 'vitest';
import type { EventOf } from '../../wire/events';
import { appDocument, AppViews, withMonitor } from './app-views';

const end = (result: Record<string, unknown>): EventOf<'call-end'> => ({
  kind: 'call-end',
  callId: 'c1',
  outcome: 'result',
  result,
  seq: 1,
  at: 0,
  sessionId: 's',
});
const URI = 'ui://demo/plan';

describe('the app document', () => {
  it('is the text or base64 blob of an MCP App resource; anything else says why not', () => {
    const html = '<!doctype html><p>plan</p>';
    expect(appDocument(end({ contents: [{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: html }] }), URI)).toEqual({ html });
    expect(appDocument(end({ contents: [{ uri: URI, mimeType: 'text/html; profile=mcp-app', blob: Buffer.from(html).toString('base64') }] }), URI)).toEqual({
      html,
    });
    expect(appDocument(end({ contents: [{ uri: URI, mimeType: 'text/html', text: html }] }), URI)).toEqual({
      problem: 'its MIME type is "text/html", not text/html;profile=mcp-app',
    });
    const csp = { connectDomains: ['https://api.example.com'] };
    expect(appDocument(end({ contents: [{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: html, _meta: { ui: { csp } } }] }), URI)).toEqual({
      html,
      csp,
    });
    expect(appDocument(end({ contents: [] }), URI)).toEqual({ problem: 'resources/read returned no contents' });
    expect(appDocument(end({ contents: [{ uri: URI, mimeType: 'text/html;profile=mcp-app' }] }), URI)).toEqual({
      problem: 'its contents have neither text nor blob',
    });
  });

  it('has the monitor first in its head, or after its doctype', () => {
    expect(withMonitor('<html><head><title>x</title></head></html>', 'n1')).toMatch(/^<html><head><script>.*"n1".*<\/script><title>/);
    expect(withMonitor('<!DOCTYPE html><p>x</p>', 'n2')).toMatch(/^<!DOCTYPE html><script>.*"n2".*<\/script><p>/);
  });

  it('has its sandbox served under an id of 24 url-safe characters, only under it, and only while its session is live', () => {
    const views = new AppViews();
    let isLive = true;
    const sandbox = { csp: "default-src 'none'", hostOrigin: 'http://127.0.0.1:6280' };
    const id = views.add({ ...sandbox, isLive: () => isLive });
    expect(id).toMatch(/^[\w-]{24}$/);
    expect(views.sandbox(id)).toEqual(sandbox);
    expect(views.sandbox('other')).toBeUndefined();
    isLive = false;
    expect(views.sandbox(id)).toBeUndefined();
  });
});

/**
 * The demo server's "provider": a tiny web site on loopback where a URL-mode
 * elicitation sends the person. It shows Approve and Deny; the decision is what
 * the out-of-band step of a real flow (OAuth, payment) would be.
 *
 * Every page request is written to stderr, so a test can prove nobody fetched
 * the URL before the person clicked Open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Decision = 'approved' | 'denied';

type Flow = { title: string; decision?: Decision; waiters: ((d: Decision) => void)[] };

export class ConsentSite {
  private starting: Promise<number> | undefined;
  private readonly flows = new Map<string, Flow>();

  /** The page for one flow; starts the site on first use. */
  async url(flowId: string, title: string): Promise<string> {
    if (!this.flows.has(flowId)) this.flows.set(flowId, { title, waiters: [] });
    const port = await this.start();
    return `http://localhost:${port}/consent/${encodeURIComponent(flowId)}`;
  }

  decision(flowId: string): Decision | undefined {
    return this.flows.get(flowId)?.decision;
  }

  /** Resolves when the person decides on the page (or at once if they already have). */
  waitForDecision(flowId: string, signal?: AbortSignal): Promise<Decision | 'aborted'> {
    const flow = this.flows.get(flowId);
    if (!flow) return Promise.resolve('aborted');
    if (flow.decision) return Promise.resolve(flow.decision);
    return new Promise((resolve) => {
      flow.waiters.push(resolve);
      signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
    });
  }

  private start(): Promise<number> {
    this.starting ??= new Promise((resolve, reject) => {
      const server = createServer((req, res) => this.handle(req, res));
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        // The site must not keep the demo server alive after its client goes away.
        server.unref();
        resolve((server.address() as AddressInfo).port);
      });
    });
    return this.starting;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const match = /^\/consent\/([^/?]+)(?:\/(approve|deny))?/.exec(req.url ?? '');
    const flowId = match ? decodeURIComponent(match[1]) : '';
    const flow = this.flows.get(flowId);
    process.stderr.write(`consent site: ${req.method} ${req.url}\n`);
    if (!flow) return send(res, 404, page('Unknown flow', '<p>This link is not (or no longer) part of a flow.</p>'));
    const action = match?.[2];
    if (action && req.method === 'POST') {
      if (!flow.decision) {
        flow.decision = action === 'approve' ? 'approved' : 'denied';
        for (const waiter of flow.waiters.splice(0)) waiter(flow.decision);
      }
      return send(
        res,
        200,
        page(
          flow.decision === 'approved' ? 'Approved' : 'Denied',
          `<p>${flow.decision === 'approved' ? 'Approved' : 'Denied'}. You can close this tab and go back to the inspector.</p>`,
        ),
      );
    }
    const base = `/consent/${encodeURIComponent(flowId)}`;
    const body = flow.decision
      ? `<p>Already ${flow.decision}.</p>`
      : `<p>The demo server asks you to approve: <strong>${escape(flow.title)}</strong>.</p>
         <form method="post" action="${base}/approve"><button type="submit">Approve</button></form>
         <form method="post" action="${base}/deny"><button type="submit">Deny</button></form>`;
    send(res, 200, page('Demo provider', body));
  }
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  });
  res.end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:16px system-ui;margin:4rem auto;max-width:32rem;color:#0f172a}form{display:inline-block;margin-right:.5rem}button{font:inherit;padding:.4rem 1rem}</style>
</head><body><h1>${escape(title)}</h1>${body}</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

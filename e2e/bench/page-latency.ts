/**
 * Where the time goes between a server's request and the form a person types
 * into, per phase, and what the first one after a page load costs against later
 * ones. All clocks are wall clock in ms (the proxy's `at` is whole ms):
 *
 *   proxy receive  the rpc-in entry's `at`, when the proxy read the server's message
 *   push sent      when this process's own WebSocket to the proxy got the same entry: on
 *                  loopback, about when the proxy sent it (a busy machine delays this process too)
 *   page receive   the page's WebSocket `message` event, before the page parses it
 *   React commit   the form's first field in the DOM and enabled (a MutationObserver sees the commit)
 *   paint          the next frame after the commit has been produced
 */
import type { Page } from '@playwright/test';
import type { InspectorClient } from '../support/inspector-client';

export type Phases = { proxy: number; pushed: number; received: number; committed: number; painted: number };

const now = () => performance.timeOrigin + performance.now();

/**
 * Installed before the page's own scripts: notes when the first WebSocket message containing the
 * watched text arrives. A string, so no bundler helper ends up inside the page.
 */
export const PAGE_TIMING_SCRIPT = `(() => {
  const Native = window.WebSocket;
  window.__bench = { watch: undefined, receivedAt: undefined };
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (m) => {
        const b = window.__bench;
        if (b.watch && b.receivedAt === undefined && typeof m.data === 'string' && m.data.includes(b.watch)) b.receivedAt = performance.timeOrigin + performance.now();
      });
    }
  };
})();`;

/**
 * Arm the page for one measurement: the message to watch for, and the DOM
 * condition (a CSS selector whose first match must be enabled, plus a text the
 * match's closest `container` must contain) that means "ready".
 */
async function arm(page: Page, watch: string | undefined, selector: string, container: string, text: string): Promise<void> {
  await page.evaluate(
    ([watch, selector, container, text]) => {
      const w = window as unknown as { __bench: Record<string, unknown> };
      Object.assign(w.__bench, { watch, receivedAt: undefined, committedAt: undefined, paintedAt: undefined });
      const observer = new MutationObserver(() => {
        const field = document.querySelector<HTMLInputElement>(selector);
        if (!field || field.disabled || !(field.closest(container)?.textContent ?? '').includes(text)) return;
        observer.disconnect();
        w.__bench.committedAt = performance.timeOrigin + performance.now();
        // rAF runs before the frame is produced; a message posted from it runs after.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (w.__bench.paintedAt = performance.timeOrigin + performance.now());
          channel.port2.postMessage(0);
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    [watch, selector, container, text] as const,
  );
}

async function readPage(page: Page): Promise<{ receivedAt?: number; committedAt: number; paintedAt: number }> {
  await page.waitForFunction(() => (window as unknown as { __bench: { paintedAt?: number } }).__bench.paintedAt !== undefined);
  return page.evaluate(() => (window as unknown as { __bench: { receivedAt?: number; committedAt: number; paintedAt: number } }).__bench);
}

export const FORM_FIELD = 'article[aria-label^="Elicitation "] input, article[aria-label^="Elicitation "] select';

/** One form from a call started over the proxy's WebSocket (not the page): each phase, as wall-clock times. */
export async function formPhases(page: Page, client: InspectorClient, sessionId: string, tool: string): Promise<Phases> {
  await arm(page, '"elicitation/create"', FORM_FIELD, 'article', '');
  const afterSeq = client.events.at(-1)?.seq ?? 0;
  let pushed = 0;
  // Registered before the call, so the check runs the moment the entry reaches this process.
  const arrived = client.waitFor(() => {
    const entry = client.events.find((e) => e.seq > afterSeq && e.kind === 'rpc-in' && e.message.method === 'elicitation/create');
    if (entry && !pushed) pushed = now();
    return entry;
  });
  const { callId, end } = await client.call(sessionId, tool);
  const entry = await arrived;
  const elicitation = await client.waitForEvent('elicitation', (e) => e.callId === callId, afterSeq);
  const seen = await readPage(page);
  await client.send('answer-elicitation', { sessionId, key: elicitation.key, action: 'cancel' });
  await end;
  return { proxy: entry.at, pushed, received: seen.receivedAt ?? NaN, committed: seen.committedAt, painted: seen.paintedAt };
}

/** A click in the page, in the page's clock: click → first field ready → painted. */
export async function clickToForm(
  page: Page,
  click: () => Promise<void>,
  selector: string,
  container: string,
  text: string,
): Promise<{ committed: number; painted: number }> {
  await arm(page, undefined, selector, container, text);
  const t0 = await page.evaluate(() => performance.timeOrigin + performance.now());
  await click();
  const seen = await readPage(page);
  return { committed: seen.committedAt - t0, painted: seen.paintedAt - t0 };
}

/** Click an element by its selector from inside the page, so no round trip to Playwright sits in the figure. */
export function clickInPage(page: Page, selector: string, text: string): () => Promise<void> {
  return () =>
    page.evaluate(
      ([selector, text]) => {
        const target = Array.from(document.querySelectorAll(selector)).find((e) => (e.textContent ?? '').trim().startsWith(text)) as HTMLElement | undefined;
        if (!target) throw new Error(`nothing to click: ${selector} "${text}"`);
        target.click();
      },
      [selector, text] as const,
    );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '?');

/** Median of each phase's own length, as one line: proxy → push → page → commit → paint. */
export function phaseLine(samples: Phases[]): string {
  const part = (pick: (p: Phases) => number) => fmt(median(samples.map(pick)));
  return [
    part((p) => p.pushed - p.proxy),
    part((p) => p.received - p.pushed),
    part((p) => p.committed - p.received),
    part((p) => p.painted - p.committed),
  ].join(' + ');
}

/** From the proxy reading the request to the field being ready (the figure a person feels). */
export const toReady = (p: Phases) => p.committed - p.proxy;

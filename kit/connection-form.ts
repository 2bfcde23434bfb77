/**
 * The Connection section as a person uses it: unfold it, fill the form for a
 * target and press Connect, or press Disconnect and see the status say so.
 * InspectorPage's openConnection(), connect() and disconnect() are these.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { clickOn, controlWait, describePage, fillIn, selectIn, shown } from './page-account.js';

export type ConnectionTarget = { transport: 'stdio'; command: string; args: string[] } | { transport: 'http' | 'sse'; url: string; headers?: string };

const TRANSPORT_LABELS = { stdio: 'stdio', http: 'Streamable HTTP', sse: 'SSE (legacy)' };

/** Unfold the Connection section (it folds once a session is live) and return its form. */
export async function openConnection(page: Page): Promise<Locator> {
  const section = await shown(page.getByRole('button', { name: 'Connection', exact: true }), 'a Connection section');
  if ((await section.getAttribute('aria-expanded')) !== 'true') await clickOn(section, 'a Connection section');
  return shown(page.getByRole('form', { name: 'Connection' }), 'the Connection form to unfold');
}

/** Press Disconnect in the form and wait for `status` to say Disconnected. */
export async function disconnectFrom(page: Page, status: Locator): Promise<void> {
  await test.step('disconnect', async () => {
    const form = await openConnection(page);
    await clickOn(form.getByRole('button', { name: 'Disconnect', exact: true }), 'a Disconnect button (a live session)');
    const timeoutMs = controlWait(page);
    try {
      await expect(status).toHaveText('Disconnected', { timeout: timeoutMs });
    } catch {
      throw new Error(`Expected the connection status Disconnected within ${timeoutMs} ms; the page shows: ${await describePage(page)}`);
    }
  });
}

/** Fill the form for `target` (and the protocol, when given, in its Client settings) and press Connect. */
export async function connectFrom(page: Page, target: ConnectionTarget, protocol?: string): Promise<void> {
  await test.step(`connect over ${target.transport}`, async () => {
    // Folded while a session is live (README: "connection section").
    const form = await openConnection(page);
    const label = TRANSPORT_LABELS[target.transport];
    await clickOn(form.getByRole('radio', { name: label }), `a ${label} transport in the Connection form`);
    const field = (name: string, value: string) => fillIn(form.getByLabel(name, { exact: true }), `a ${name} field in the Connection form`, value);
    if (target.transport === 'stdio') {
      await field('Command', target.command);
      await field('Arguments', target.args.join('\n'));
      await field('Environment', '');
    } else {
      await field('URL', target.url);
      await field('Headers', target.headers ?? '');
    }
    if (protocol) {
      await clickOn(form.getByText('Client settings'), 'the Client settings of the Connection form');
      await selectIn(form.getByLabel('Protocol'), `a Protocol option "${protocol}" in the Client settings`, protocol);
    }
    await clickOn(form.getByRole('button', { name: /^(Connect|Reconnect)$/ }), 'a Connect button in the Connection form');
  });
}

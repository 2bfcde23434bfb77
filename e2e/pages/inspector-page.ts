/**
 * The inspector as a person sees it: every locator is a role and an accessible
 * name (the ones the README lists for scripts), every method an intent.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Inspector } from '../support/processes';

export class InspectorPage {
  readonly connectionStatus: Locator;
  readonly protocolVersion: Locator;
  readonly tools: Locator;
  readonly calls: Locator;
  readonly requests: Locator;
  readonly log: Locator;
  readonly logEntries: Locator;
  readonly entryDetails: Locator;

  constructor(
    readonly page: Page,
    readonly inspector: Inspector,
  ) {
    this.connectionStatus = page.getByRole('status', { name: 'Connection status' });
    this.protocolVersion = page.getByLabel('Protocol version');
    this.tools = page.getByRole('listbox', { name: 'Tools' });
    this.calls = page.getByRole('list', { name: 'Calls' });
    this.requests = page.getByRole('region', { name: 'Pending requests' });
    this.log = page.getByRole('region', { name: 'Log' });
    this.logEntries = page.getByRole('listbox', { name: 'Log entries' });
    this.entryDetails = page.getByRole('complementary', { name: 'Entry details' });
  }

  async open(): Promise<void> {
    await this.page.goto(this.inspector.url);
  }

  async waitConnected(): Promise<void> {
    await expect(this.connectionStatus).toHaveText('Connected', { timeout: 20_000 });
  }

  /** Pick a tool and run it, filling its arguments form by field label. */
  async runTool(name: string, fields: Record<string, string> = {}): Promise<void> {
    await test.step(`run tool ${name}`, async () => {
      await this.tools.getByRole('option', { name, exact: true }).click();
      const tool = this.page.getByRole('region', { name: 'Tool', exact: true });
      await expect(tool.getByRole('heading', { name, exact: true })).toBeVisible();
      for (const [label, value] of Object.entries(fields)) await tool.getByLabel(label, { exact: true }).fill(value);
      await tool.getByRole('button', { name: 'Run tool' }).click();
    });
  }

  /** The newest call of the selected tool. */
  latestCall(): Locator {
    return this.calls.getByRole('listitem').first();
  }

  callStatus(): Locator {
    return this.latestCall().getByRole('status', { name: 'Call status' });
  }

  result(): Locator {
    return this.latestCall().getByRole('region', { name: 'Result' });
  }

  /** The elicitation form on screen (the selected one when several are queued). */
  elicitation(): Locator {
    return this.requests.getByRole('article', { name: /^Elicitation / });
  }

  /** The URL flow that most needs the person (the panel lists flows waiting for consent first, finished ones last). */
  urlFlow(): Locator {
    return this.page
      .getByRole('region', { name: 'URL flows' })
      .getByRole('article', { name: /^URL elicitation / })
      .first();
  }

  field(label: string): Locator {
    return this.elicitation().getByLabel(label, { exact: true });
  }

  async answer(action: 'Accept' | 'Decline' | 'Cancel', fields: Record<string, string> = {}): Promise<void> {
    await test.step(`${action.toLowerCase()} the elicitation`, async () => {
      for (const [label, value] of Object.entries(fields)) await this.field(label).fill(value);
      await this.elicitation().getByRole('button', { name: action, exact: true }).click();
    });
  }

  /** Log rows whose text matches. */
  logRow(text: string | RegExp): Locator {
    return this.logEntries.getByRole('option').filter({ hasText: text });
  }

  async searchLog(text: string): Promise<void> {
    await this.log.getByLabel('Search log').fill(text);
  }

  /** Unfold the Connection section (it folds once a session is live) and return its form. */
  async openConnection(): Promise<Locator> {
    const section = this.page.getByRole('button', { name: 'Connection', exact: true });
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    return this.page.getByRole('form', { name: 'Connection' });
  }

  /** Disconnect from the form, as a person does, and wait for the status to say so. */
  async disconnect(): Promise<void> {
    await test.step('disconnect', async () => {
      const form = await this.openConnection();
      await form.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await expect(this.connectionStatus).toHaveText('Disconnected');
    });
  }

  /** Open the Connection section and connect to a target from the form. */
  async connect(
    target: { transport: 'stdio'; command: string; args: string[] } | { transport: 'http' | 'sse'; url: string; headers?: string },
    protocol?: string,
  ): Promise<void> {
    await test.step(`connect over ${target.transport}`, async () => {
      // Folded while a session is live (README: "connection section").
      const form = await this.openConnection();
      const transportLabels = { stdio: 'stdio', http: 'Streamable HTTP', sse: 'SSE (legacy)' };
      await form.getByRole('radio', { name: transportLabels[target.transport] }).click();
      if (target.transport === 'stdio') {
        await form.getByLabel('Command', { exact: true }).fill(target.command);
        await form.getByLabel('Arguments', { exact: true }).fill(target.args.join('\n'));
        await form.getByLabel('Environment', { exact: true }).fill('');
      } else {
        await form.getByLabel('URL', { exact: true }).fill(target.url);
        await form.getByLabel('Headers', { exact: true }).fill(target.headers ?? '');
      }
      if (protocol) {
        await form.getByText('Client settings').click();
        await form.getByLabel('Protocol').selectOption(protocol);
      }
      await form.getByRole('button', { name: /^(Connect|Reconnect)$/ }).click();
    });
  }
}

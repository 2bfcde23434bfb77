/**
 * The inspector as a person sees it: every locator is a role and an accessible
 * name (the ones the README lists for scripts), every method an intent.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FormElicitation, UrlElicitation, type Elicitation } from './elicitation.js';
import { SamplingRequest } from './sampling.js';

const FORM_ARTICLE = /^Elicitation /;
const URL_ARTICLE = /^URL elicitation /;
const SAMPLING_ARTICLE = /^Sampling request /;

export class InspectorPage {
  readonly connectionStatus: Locator;
  readonly protocolVersion: Locator;
  readonly tools: Locator;
  readonly prompts: Locator;
  readonly resources: Locator;
  readonly resourceTemplates: Locator;
  readonly calls: Locator;
  readonly requests: Locator;
  readonly urlFlows: Locator;
  readonly log: Locator;
  readonly logEntries: Locator;
  readonly entryDetails: Locator;
  /** Elicitations nextElicitation() has already returned, by their accessible name. */
  private readonly seenElicitations = new Set<string>();

  constructor(
    readonly page: Page,
    readonly inspector: { url: string },
  ) {
    this.connectionStatus = page.getByRole('status', { name: 'Connection status' });
    this.protocolVersion = page.getByLabel('Protocol version');
    this.tools = page.getByRole('listbox', { name: 'Tools' });
    this.prompts = page.getByRole('listbox', { name: 'Prompts' });
    this.resources = page.getByRole('listbox', { name: 'Resources' });
    this.resourceTemplates = page.getByRole('listbox', { name: 'Resource templates' });
    this.calls = page.getByRole('list', { name: 'Calls' });
    this.requests = page.getByRole('region', { name: 'Pending requests' });
    this.urlFlows = page.getByRole('region', { name: 'URL flows' });
    this.log = page.getByRole('region', { name: 'Log' });
    this.logEntries = page.getByRole('listbox', { name: 'Log entries' });
    this.entryDetails = page.getByRole('complementary', { name: 'Entry details' });
  }

  async open(): Promise<void> {
    await this.page.goto(this.inspector.url);
  }

  async waitConnected(timeoutMs = 20_000): Promise<void> {
    try {
      await expect(this.connectionStatus).toHaveText('Connected', { timeout: timeoutMs });
    } catch {
      // The assertion's own message lacks why; the page usually says it (a session-ended alert).
      throw new Error(`Expected the inspector to be Connected within ${timeoutMs} ms; the page shows: ${await this.describe()}`);
    }
  }

  /** Pick a tool and run it, filling its arguments form by field label. */
  async runTool(name: string, fields: Record<string, string> = {}): Promise<void> {
    await test.step(`run tool ${name}`, async () => {
      const tool = await this.selectTool(name);
      for (const [label, value] of Object.entries(fields)) await tool.getByLabel(label, { exact: true }).fill(value);
      await tool.getByRole('button', { name: 'Run tool' }).click();
    });
  }

  /** Call a tool with these arguments (sent as JSON, whatever the form would allow). */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<void> {
    await test.step(`call tool ${name}`, async () => {
      const tool = await this.selectTool(name);
      await tool.getByLabel('Edit arguments as JSON').setChecked(true);
      await tool.getByLabel('Arguments JSON').fill(JSON.stringify(args));
      await tool.getByRole('button', { name: 'Run tool' }).click();
    });
  }

  /** Show the server's tools, prompts or resources in the left column (its tabs). */
  async showFeatures(view: 'Tools' | 'Prompts' | 'Resources'): Promise<void> {
    const tab = this.page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: view, exact: true });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  }

  /** Pick a prompt and get it (prompts/get), filling its arguments by their titles. */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<void> {
    await test.step(`get prompt ${name}`, async () => {
      await this.showFeatures('Prompts');
      await this.pick(this.prompts, name, 'prompt');
      const panel = this.page.getByRole('region', { name: 'Prompt', exact: true });
      await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
      for (const [label, value] of Object.entries(args)) await panel.getByLabel(label, { exact: true }).fill(value);
      await panel.getByRole('button', { name: 'Get prompt' }).click();
    });
  }

  /**
   * Pick a resource by the name it is listed under and read it (resources/read); with
   * `variables`, pick a resource template of that name and fill them in first.
   */
  async readResource(name: string, variables?: Record<string, string>): Promise<void> {
    await test.step(`read resource ${name}`, async () => {
      await this.showFeatures('Resources');
      await this.pick(variables ? this.resourceTemplates : this.resources, name, variables ? 'resource template' : 'resource');
      const panel = this.page.getByRole('region', { name: 'Resource', exact: true });
      await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
      for (const [label, value] of Object.entries(variables ?? {})) await panel.getByLabel(label, { exact: true }).fill(value);
      await panel.getByRole('button', { name: 'Read resource' }).click();
    });
  }

  private async pick(list: Locator, name: string, noun: string): Promise<void> {
    const option = list.getByRole('option', { name, exact: true });
    try {
      await option.waitFor({ timeout: 10_000 });
    } catch {
      // As in selectTool: name what is listed instead.
      const listed = (await list.count()) ? await list.getByRole('option').allTextContents() : [];
      throw new Error(`Expected a ${noun} named "${name}"; the list shows: ${listed.join(', ') || 'nothing'} (connection: ${await this.statusText()})`);
    }
    await option.click();
  }

  private async selectTool(name: string): Promise<Locator> {
    await this.showFeatures('Tools');
    const option = this.tools.getByRole('option', { name, exact: true });
    try {
      await option.waitFor({ timeout: 10_000 });
    } catch {
      // Not there in time: say which tools the page does list, which is the useful part.
      const listed = await this.tools.getByRole('option').allTextContents();
      throw new Error(`Expected a tool named "${name}"; the Tools list shows: ${listed.join(', ') || 'nothing'} (connection: ${await this.statusText()})`);
    }
    await option.click();
    const tool = this.page.getByRole('region', { name: 'Tool', exact: true });
    await expect(tool.getByRole('heading', { name, exact: true })).toBeVisible();
    return tool;
  }

  /**
   * Wait for an elicitation this page object has not returned before: a form, or a URL
   * flow waiting for consent. Errors name what the page showed instead.
   */
  async nextElicitation(timeoutMs = 15_000): Promise<Elicitation> {
    return test.step('wait for the next elicitation', async () => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const forms = await this.requests.getByRole('article', { name: FORM_ARTICLE }).all();
        for (const form of forms) {
          const name = await form.getAttribute('aria-label');
          if (name && !this.seenElicitations.has(name)) {
            this.seenElicitations.add(name);
            return new FormElicitation(this.requests.getByRole('article', { name, exact: true }));
          }
        }
        const flows = await this.urlFlows.getByRole('article', { name: URL_ARTICLE }).all();
        for (const flow of flows) {
          const name = await flow.getAttribute('aria-label');
          if (!name || this.seenElicitations.has(name)) continue;
          this.seenElicitations.add(name);
          return new UrlElicitation(this.urlFlows.getByRole('article', { name, exact: true }), this.page);
        }
        await this.page.waitForTimeout(100);
      }
      throw new Error(`Expected a new elicitation within ${timeoutMs} ms; the page shows: ${await this.describe()}`);
    });
  }

  /** The next elicitation, which must be a form. */
  async nextForm(timeoutMs = 15_000): Promise<FormElicitation> {
    const next = await this.nextElicitation(timeoutMs);
    if (next.mode === 'form') return next;
    throw new Error(`Expected a form elicitation; the next one is a URL flow: ${await next.message()}`);
  }

  /** The next elicitation, which must be a URL flow. */
  async nextUrlFlow(timeoutMs = 15_000): Promise<UrlElicitation> {
    const next = await this.nextElicitation(timeoutMs);
    if (next.mode === 'url') return next;
    throw new Error(`Expected a URL elicitation; the next one is a form: ${await next.message()}`);
  }

  /**
   * Wait for a sampling request (`sampling/createMessage`) this page object has not returned
   * before; answer it with `reply(text)`, `replyWith(result)` or `decline()`. Sampling must be
   * on (Client settings, or `--sampling`).
   */
  async nextSamplingRequest(timeoutMs = 15_000): Promise<SamplingRequest> {
    return test.step('wait for the next sampling request', async () => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        for (const card of await this.requests.getByRole('article', { name: SAMPLING_ARTICLE }).all()) {
          const name = await card.getAttribute('aria-label');
          if (!name || this.seenElicitations.has(name)) continue;
          this.seenElicitations.add(name);
          return new SamplingRequest(this.requests.getByRole('article', { name, exact: true }));
        }
        await this.page.waitForTimeout(100);
      }
      throw new Error(`Expected a new sampling request within ${timeoutMs} ms; the page shows: ${await this.describe()}`);
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

  /** Wait for the newest call to end and return its state word and result text. */
  async callOutcome(timeoutMs = 30_000): Promise<{ status: string; result: string }> {
    const ended = ['Completed', 'Tool error', 'Protocol error', 'Scope refused', 'Timed out', 'Cancelled'];
    try {
      await expect(this.callStatus()).toHaveText(new RegExp(`^(${ended.join('|')})$`), { timeout: timeoutMs });
    } catch {
      // The assertion's own message lacks the page's state; this one carries it.
      throw new Error(`Expected the call to end (${ended.join(', ')}) within ${timeoutMs} ms; the page shows: ${await this.describe()}`);
    }
    return { status: (await this.callStatus().textContent()) ?? '', result: (await this.result().textContent()) ?? '' };
  }

  /** The elicitation form on screen (the selected one when several are queued). */
  elicitation(): Locator {
    return this.requests.getByRole('article', { name: FORM_ARTICLE });
  }

  /** The URL flow that most needs the person (the panel lists flows waiting for consent first, finished ones last). */
  urlFlow(): Locator {
    return this.urlFlows.getByRole('article', { name: URL_ARTICLE }).first();
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

  /** The text of the log rows on screen after a search (the list is virtual: search to narrow it). */
  async logEntryTexts(search = ''): Promise<string[]> {
    await this.searchLog(search);
    return this.logEntries.getByRole('option').allTextContents();
  }

  async searchLog(text: string): Promise<void> {
    await this.log.getByLabel('Search log').fill(text);
  }

  /** The story of one call (its id, e.g. `c1`, or its tool name): each step's text, in order. */
  async callStory(call: string): Promise<string[]> {
    return test.step(`read the story of ${call}`, async () => {
      await this.log.getByRole('tab', { name: 'Calls' }).click();
      const name = /^c\d+$/.test(call) ? new RegExp(`^${call} `) : call;
      await this.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name }).first().click();
      return this.log.getByRole('list', { name: 'Story steps' }).getByRole('listitem').allTextContents();
    });
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

  private async statusText(): Promise<string> {
    return (await textOf(this.connectionStatus)) ?? 'no status';
  }

  /** A one-line account of the page for error messages: connection, pending forms and flows, the newest call. */
  async describe(): Promise<string> {
    const parts = [`connection ${await this.statusText()}`];
    const ended = await textOf(this.page.getByRole('alert', { name: 'Session ended' }));
    if (ended) parts.push(`session ended: ${ended}`);
    parts.push(`${await this.elicitation().count()} form(s) pending`, `${await this.urlFlows.getByRole('article', { name: URL_ARTICLE }).count()} URL flow(s)`);
    const status = await textOf(this.callStatus());
    const result = await textOf(this.result());
    parts.push(status ? `newest call ${status}${result ? `: ${result.slice(0, 300)}` : ''}` : 'no call yet');
    return parts.join('; ');
  }
}

/** The text of the first match, or undefined when there is none (never waits). */
async function textOf(locator: Locator): Promise<string | undefined> {
  if ((await locator.count()) === 0) return undefined;
  return ((await locator.first().textContent({ timeout: 1000 })) ?? '').trim();
}

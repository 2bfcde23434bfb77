/**
 * The inspector as a person sees it: every locator is a role and an accessible
 * name (the ones the README lists for scripts), every method an intent.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectFrom, disconnectFrom, openConnection, type ConnectionTarget } from './connection-form.js';
import { FormElicitation, UrlElicitation, type Elicitation, type FieldValue } from './elicitation.js';
import {
  checkOn,
  clickOn,
  controlWait,
  describePage,
  fillIn,
  newestCall,
  readText,
  readTexts,
  setControlWait,
  settled,
  shown,
  textOf,
} from './page-account.js';
import { SamplingRequest } from './sampling.js';

/** How each kind of card's accessible name begins (a regular expression's source, read from the start). */
const FORM_ARTICLE = 'Elicitation ';
const URL_ARTICLE = 'URL elicitation ';
const SAMPLING_ARTICLE = 'Sampling request ';

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
  /**
   * Requests nextElicitation() and nextSamplingRequest() have already returned, by session and then accessible
   * name: a new session (connect() again) names its requests from e1 again.
   */
  private readonly seenRequests = new Map<string, Set<string>>();

  /**
   * `options.controlWaitMs`: how long its methods wait for a control before failing with what
   * the page shows (10 s unless given; the fixture passes `inspectorControlWaitMs`).
   */
  constructor(
    readonly page: Page,
    readonly inspector: { url: string },
    options: { controlWaitMs?: number } = {},
  ) {
    if (options.controlWaitMs !== undefined) setControlWait(page, options.controlWaitMs);
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

  /** Where the newest call this page object started is shown: callOutcome() goes back there. */
  private lastCallView: 'Tools' | 'Prompts' | 'Resources' = 'Tools';

  /** Pick a tool and run it, filling its arguments form by field label. */
  async runTool(name: string, fields: Record<string, string> = {}): Promise<void> {
    this.lastCallView = 'Tools';
    await test.step(`run tool ${name}`, async () => {
      const tool = await this.selectTool(name);
      for (const [label, value] of Object.entries(fields)) {
        await fillIn(tool.getByLabel(label, { exact: true }), `a field labelled "${label}" in the form of tool ${name}`, value);
      }
      await clickOn(tool.getByRole('button', { name: 'Run tool' }), `a Run tool button for tool ${name}`);
    });
  }

  /** Call a tool with these arguments (sent as JSON, whatever the form would allow). */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<void> {
    this.lastCallView = 'Tools';
    await test.step(`call tool ${name}`, async () => {
      const tool = await this.selectTool(name);
      await checkOn(tool.getByLabel('Edit arguments as JSON'), `an "Edit arguments as JSON" switch for tool ${name}`);
      await fillIn(tool.getByLabel('Arguments JSON'), `an "Arguments JSON" field for tool ${name}`, JSON.stringify(args));
      await clickOn(tool.getByRole('button', { name: 'Run tool' }), `a Run tool button for tool ${name}`);
    });
  }

  /** Show the server's tools, prompts or resources in the left column (its tabs). */
  async showFeatures(view: 'Tools' | 'Prompts' | 'Resources'): Promise<void> {
    const tab = this.page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: view, exact: true });
    await shown(tab, `a "${view}" tab among the server's features`);
    if ((await tab.getAttribute('aria-selected')) !== 'true') await clickOn(tab, `a "${view}" tab among the server's features`);
  }

  /** Show one of the log's views (its tabs): the entries, the calls' stories, the timeline. */
  async showLog(view: 'Entries' | 'Calls' | 'Timeline'): Promise<void> {
    const tab = this.log.getByRole('tablist', { name: 'Log views' }).getByRole('tab', { name: view, exact: true });
    await shown(tab, `a "${view}" tab in the log`);
    if ((await tab.getAttribute('aria-selected')) !== 'true') await clickOn(tab, `a "${view}" tab in the log`);
  }

  /** Pick a prompt and get it (prompts/get), filling its arguments by their titles. */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<void> {
    this.lastCallView = 'Prompts';
    await test.step(`get prompt ${name}`, async () => {
      await this.showFeatures('Prompts');
      await this.pick(this.prompts, name, 'prompt');
      const panel = this.page.getByRole('region', { name: 'Prompt', exact: true });
      await shown(panel.getByRole('heading', { name, exact: true }), `the Prompt panel to show prompt ${name}`);
      for (const [label, value] of Object.entries(args)) {
        await fillIn(panel.getByLabel(label, { exact: true }), `an argument titled "${label}" for prompt ${name}`, value);
      }
      await clickOn(panel.getByRole('button', { name: 'Get prompt' }), `a Get prompt button for prompt ${name}`);
    });
  }

  /**
   * Pick a resource by the name it is listed under and read it (resources/read); with
   * `variables`, pick a resource template of that name and fill them in first.
   */
  async readResource(name: string, variables?: Record<string, string>): Promise<void> {
    this.lastCallView = 'Resources';
    await test.step(`read resource ${name}`, async () => {
      await this.showFeatures('Resources');
      await this.pick(variables ? this.resourceTemplates : this.resources, name, variables ? 'resource template' : 'resource');
      const panel = this.page.getByRole('region', { name: 'Resource', exact: true });
      await shown(panel.getByRole('heading', { name, exact: true }), `the Resource panel to show ${name}`);
      for (const [label, value] of Object.entries(variables ?? {})) {
        await fillIn(panel.getByLabel(label, { exact: true }), `a variable "${label}" for ${name}`, value);
      }
      await clickOn(panel.getByRole('button', { name: 'Read resource' }), `a Read resource button for ${name}`);
    });
  }

  private async pick(list: Locator, name: string, noun: string): Promise<void> {
    const option = list.getByRole('option', { name, exact: true });
    try {
      await option.waitFor({ timeout: controlWait(this.page) });
    } catch {
      // Not there in time: say what the list does hold, by the names it lists them under (not their descriptions).
      const listed = await readTexts(list.getByRole('option'));
      throw new Error(
        `Expected a ${noun} named "${name}"; the ${listName(noun)} list shows: ${listed.join(', ') || 'nothing'} (connection: ${await this.statusText()})`,
      );
    }
    await clickOn(option, `the ${noun} ${name} in the ${listName(noun)} list`);
  }

  private async selectTool(name: string): Promise<Locator> {
    await this.showFeatures('Tools');
    await this.pick(this.tools, name, 'tool');
    const tool = this.page.getByRole('region', { name: 'Tool', exact: true });
    await shown(tool.getByRole('heading', { name, exact: true }), `the Tool panel to show tool ${name}`);
    return tool;
  }

  /**
   * Wait for an elicitation this page object has not returned before: a form, or a URL
   * flow waiting for consent. Errors name what the page showed instead.
   */
  async nextElicitation(timeoutMs = 15_000): Promise<Elicitation> {
    return test.step('wait for the next elicitation', () =>
      this.nextArticle<Elicitation>(
        [
          { within: this.requests, prefix: FORM_ARTICLE, make: (name) => new FormElicitation(this.requests.getByRole('article', { name, exact: true })) },
          {
            within: this.urlFlows,
            prefix: URL_ARTICLE,
            make: (name) => new UrlElicitation(this.urlFlows.getByRole('article', { name, exact: true }), this.page),
          },
        ],
        timeoutMs,
        'a new elicitation',
      ));
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
    return test.step('wait for the next sampling request', () =>
      this.nextArticle(
        [{ within: this.requests, prefix: SAMPLING_ARTICLE, make: (name) => new SamplingRequest(this.requests.getByRole('article', { name, exact: true })) }],
        timeoutMs,
        'a new sampling request',
      ));
  }

  /**
   * The first article, of the kinds given in order, whose name this page object has not returned
   * before. One wait in the page for any of them (Playwright's own, for a locator that leaves out
   * the names already returned), not a loop of reads from here: a form that takes seconds to come
   * cost a read of every card ten times a second.
   */
  private async nextArticle<T>(kinds: { within: Locator; prefix: string; make: (name: string) => T }[], timeoutMs: number, expected: string): Promise<T> {
    const until = Date.now() + timeoutMs;
    const column = this.page.getByRole('complementary', { name: 'Requests', exact: true });
    for (;;) {
      const sessionId = (await column.getAttribute('data-session-id')) ?? '';
      const seen = this.seenRequests.get(sessionId) ?? new Set<string>();
      this.seenRequests.set(sessionId, seen);
      const unseen = kinds.map(({ within, prefix }) => within.getByRole('article', { name: unseenName(prefix, seen) }));
      // Another session on screen meanwhile: its requests are read against what was returned of it.
      const otherSession = this.page.locator(`aside[data-session-id]:not([data-session-id="${sessionId.replace(/["\\]/g, '\\$&')}"])`);
      try {
        await unseen
          .reduce((any, next) => any.or(next), otherSession)
          .first()
          .waitFor({ state: 'attached', timeout: Math.max(1, until - Date.now()) });
      } catch {
        throw new Error(`Expected ${expected} within ${timeoutMs} ms; the page shows: ${await this.describe()}`);
      }
      if (((await column.getAttribute('data-session-id')) ?? '') !== sessionId) continue;
      for (const [index, { make }] of kinds.entries()) {
        for (const article of await unseen[index].all()) {
          const name = normalizeName((await article.getAttribute('aria-label')) ?? '');
          if (!name || seen.has(name)) continue;
          seen.add(name);
          return make(name);
        }
      }
      // Gone between the wait and the read (answered by a rule meanwhile): wait for the next one.
    }
  }

  /** The newest call of the selected tool. */
  latestCall(): Locator {
    return newestCall(this.page);
  }

  callStatus(): Locator {
    return this.latestCall().getByRole('status', { name: 'Call status' });
  }

  result(): Locator {
    return this.latestCall().getByRole('region', { name: 'Result' });
  }

  /**
   * Wait for the newest call this page object started (a tool's, a prompt's or a resource's)
   * to end, from any view: it shows that call's view first. Returns its state word and result
   * text, each content block on its own line.
   */
  async callOutcome(timeoutMs = 30_000): Promise<{ status: string; result: string }> {
    const ended = ['Completed', 'Tool error', 'Protocol error', 'Scope refused', 'Timed out', 'Cancelled'];
    await this.showFeatures(this.lastCallView);
    try {
      await expect(this.callStatus()).toHaveText(new RegExp(`^(${ended.join('|')})$`), { timeout: timeoutMs });
    } catch {
      // The assertion's own message lacks the page's state; this one carries it.
      throw new Error(`Expected the call to end (${ended.join(', ')}) within ${timeoutMs} ms; the page shows: ${await this.describe()}`);
    }
    return { status: await readText(this.callStatus()), result: (await textOf(this.result())) ?? '' };
  }

  /** The elicitation form on screen (the selected one when several are queued). */
  elicitation(): Locator {
    return this.requests.getByRole('article', { name: new RegExp(`^${FORM_ARTICLE}`) });
  }

  /** The URL flow that most needs the person (the panel lists flows waiting for consent first, finished ones last). */
  urlFlow(): Locator {
    return this.urlFlows.getByRole('article', { name: new RegExp(`^${URL_ARTICLE}`) }).first();
  }

  field(label: string): Locator {
    return this.elicitation().getByLabel(label, { exact: true });
  }

  /** Answer the form on screen: fill fields by title (as FormElicitation.fill does), then press the action. */
  async answer(action: 'Accept' | 'Decline' | 'Cancel', fields: Record<string, FieldValue> = {}): Promise<void> {
    await test.step(`${action.toLowerCase()} the elicitation`, async () => {
      const form = new FormElicitation(await shown(this.elicitation(), `an elicitation form to ${action.toLowerCase()}`));
      for (const [title, value] of Object.entries(fields)) await form.fill(title, value);
      await clickOn(this.elicitation().getByRole('button', { name: action, exact: true }), `an elicitation form with its ${action} button`);
    });
  }

  /** Log rows whose text matches. */
  logRow(text: string | RegExp): Locator {
    return this.logEntries.getByRole('option').filter({ hasText: text });
  }

  /** The text of the log rows on screen after a search (the list is virtual: search to narrow it). From any log view: it shows the entries. */
  async logEntryTexts(search = ''): Promise<string[]> {
    await this.searchLog(search);
    // A big session's rows come from the proxy: read them once none in view is still on its way.
    await settled(this.log.locator('[data-log-entries] [role="option"][aria-busy="true"]'), `the log's entries for "${search}" to load`);
    return this.logEntries.getByRole('option').allTextContents();
  }

  /** Type into the log's search (showing the entries first), and wait for the list to answer it. */
  async searchLog(text: string): Promise<void> {
    await this.showLog('Entries');
    await fillIn(this.log.getByLabel('Search log'), 'a Search log field in the log', text);
    // The list answers a search a render later (or once the proxy has searched a big session): until then it shows the last one's.
    await settled(this.log.locator('[data-log-entries][aria-busy="true"]'), `the log's entries to answer the search "${text}"`);
  }

  /** The story of one call (its id, e.g. `c1`, or its tool name): each step's text, in order. */
  async callStory(call: string): Promise<string[]> {
    return test.step(`read the story of ${call}`, async () => {
      await this.showLog('Calls');
      const name = /^c\d+$/.test(call) ? new RegExp(`^${call} `) : call;
      const calls = this.log.getByRole('listbox', { name: 'Tool calls' });
      const option = calls.getByRole('option', { name }).first();
      const timeoutMs = controlWait(this.page);
      try {
        await option.waitFor({ timeout: timeoutMs });
      } catch {
        const listed = await readTexts(calls.getByRole('option'));
        throw new Error(
          `Expected a call ${call} in the log's Calls within ${timeoutMs} ms; the Calls view lists: ${listed.join(' | ') || 'no calls'} (${await this.describe()})`,
        );
      }
      await clickOn(option, `the call ${call} in the log's Calls`);
      const steps = this.log.getByRole('list', { name: 'Story steps' });
      await shown(steps.getByRole('listitem'), `the story of ${call} to show its steps`);
      return steps.getByRole('listitem').allTextContents();
    });
  }

  /** Unfold the Connection section (it folds once a session is live) and return its form. */
  openConnection(): Promise<Locator> {
    return openConnection(this.page);
  }

  /** Disconnect from the form, as a person does, and wait for the status to say so. */
  disconnect(): Promise<void> {
    return disconnectFrom(this.page, this.connectionStatus);
  }

  /** Open the Connection section and connect to a target from the form. */
  connect(target: ConnectionTarget, protocol?: string): Promise<void> {
    return connectFrom(this.page, target, protocol);
  }

  private async statusText(): Promise<string> {
    return (await textOf(this.connectionStatus)) ?? 'no status';
  }

  /** A one-line account of the page for error messages: connection, pending forms and flows, the newest call. */
  describe(): Promise<string> {
    return describePage(this.page);
  }
}

/** A name as Playwright matches it: white space collapsed and trimmed. */
function normalizeName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** An accessible name that begins with `prefix` and is none of `seen`. */
function unseenName(prefix: string, seen: ReadonlySet<string>): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const exclude = seen.size ? `(?!(?:${[...seen].map(escape).join('|')})$)` : '';
  return new RegExp(`^${exclude}${prefix}`);
}

function listName(noun: string): string {
  return { tool: 'Tools', prompt: 'Prompts', resource: 'Resources', 'resource template': 'Resource templates' }[noun] ?? noun;
}

/**
 * One elicitation on screen, as the person answering it sees it: a form to fill and
 * answer, or a URL flow to consent to.
 */
import { test, type Locator, type Page } from '@playwright/test';
import { checkOn, clickOn, controlWait, fillIn, readText, selectIn, shown } from './page-account.js';

/** A form field as the page shows it: its title (label) and whether it must be filled. */
export type ElicitationField = { title: string; isRequired: boolean };

/** What fill() takes: text or a number typed, an option's label picked, `true`/`false` for a checkbox, the labels to tick for a multi-select. */
export type FieldValue = string | number | boolean | readonly string[];

/** A form elicitation: `mode` is `'form'`. */
export class FormElicitation {
  readonly mode = 'form' as const;

  constructor(readonly locator: Locator) {}

  /** The server's message, as shown. */
  async message(): Promise<string> {
    return readText(await shown(this.locator.getByLabel('Message', { exact: true }), 'an elicitation form with its message'));
  }

  /**
   * The form's fields in order, by title, required or not as the page marks them (`aria-required`,
   * or the required mark beside a multi-select's legend). A multi-select is one field: its
   * options are not fields.
   */
  async fields(): Promise<ElicitationField[]> {
    const form = await shown(this.locator.locator('form'), 'the elicitation form to render');
    return form.first().evaluate((element) => {
      const seen = new Set<string>();
      const found: { title: string; isRequired: boolean }[] = [];
      const add = (title: string | undefined, isRequired: boolean) => {
        if (!title || seen.has(title)) return;
        seen.add(title);
        found.push({ title, isRequired });
      };
      /** A multi-select: a fieldset whose controls are all checkboxes of one name (one array value). */
      const isMultiSelect = (set: HTMLFieldSetElement) => {
        const inputs = Array.from(set.querySelectorAll('input, select, textarea'));
        const names = new Set(inputs.map((input) => input.getAttribute('name')));
        return inputs.length > 0 && names.size === 1 && inputs.every((input) => input instanceof HTMLInputElement && input.type === 'checkbox');
      };
      const legendTitle = (legend: Element) =>
        Array.from(legend.childNodes)
          .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
      for (const control of Array.from(element.querySelectorAll('fieldset, input, select, textarea'))) {
        if (control instanceof HTMLFieldSetElement) {
          const legend = control.querySelector(':scope > legend');
          if (legend && isMultiSelect(control)) add(legendTitle(legend), legend.querySelector('[title="required"]') !== null);
          continue;
        }
        const set = control.closest('fieldset');
        if ((set && isMultiSelect(set)) || (control instanceof HTMLInputElement && control.type === 'hidden')) continue;
        const input = control as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
        add(input.labels?.[0]?.textContent?.trim(), input.required || input.getAttribute('aria-required') === 'true');
      }
      return found;
    });
  }

  /** The control of the field with this title (exact): a labelled input, select or checkbox, or a multi-select's group. */
  field(title: string): Locator {
    return this.locator.getByLabel(title, { exact: true }).or(this.locator.getByRole('group', { name: title, exact: true }));
  }

  /**
   * Fill a field by its title: text and numbers are typed, a select picks the option with
   * that label, a checkbox takes `true`/`false`, a multi-select the labels to tick (the
   * others are unticked).
   */
  async fill(title: string, value: FieldValue): Promise<void> {
    await test.step(`fill "${title}"`, async () => {
      const field = this.field(title);
      if ((await field.count()) === 0) {
        const titles = (await this.fields()).map((f) => f.title);
        throw new Error(`No field titled "${title}" in the elicitation form; the form shows: ${titles.map((t) => `"${t}"`).join(', ') || 'no fields'}`);
      }
      const kind = await field
        .first()
        .evaluate((element) =>
          element instanceof HTMLFieldSetElement ? 'multi-select' : element instanceof HTMLInputElement ? element.type : element.tagName.toLowerCase(),
        );
      if (kind === 'multi-select') return this.tick(title, field.first(), typeof value === 'object' ? value : [String(value)]);
      if (typeof value === 'object') throw new Error(`"${title}" is not a multi-select: give it one value, not a list (${JSON.stringify(value)})`);
      const expected = `the field "${title}" in the elicitation form`;
      if (kind === 'checkbox') await checkOn(field, expected, value === true || value === 'true');
      else if (kind === 'select') await selectIn(field, `${expected} with an option "${String(value)}"`, { label: String(value) });
      else await fillIn(field, expected, String(value));
    });
  }

  /** Tick exactly these options of a multi-select, by their labels. */
  private async tick(title: string, group: Locator, labels: readonly string[]): Promise<void> {
    const options = group.getByRole('checkbox');
    const offered = await Promise.all((await options.all()).map(async (option) => ({ option, label: await readText(option.locator('xpath=..')) })));
    const unknown = labels.filter((label) => !offered.some((o) => o.label === label));
    if (unknown.length) {
      throw new Error(`"${title}" has no option ${unknown.map((l) => `"${l}"`).join(', ')}; it offers: ${offered.map((o) => `"${o.label}"`).join(', ')}`);
    }
    for (const { option, label } of offered) await checkOn(option, `the option "${label}" of "${title}"`, labels.includes(label));
  }

  async accept(fields: Record<string, FieldValue> = {}): Promise<void> {
    for (const [title, value] of Object.entries(fields)) await this.fill(title, value);
    await this.press('Accept');
  }

  /** Accept with exactly this content (keyed by property name), typed as JSON as Edit as JSON allows. */
  async acceptContent(content: Record<string, unknown>): Promise<void> {
    await test.step('accept with content', async () => {
      await checkOn(this.locator.getByLabel('Edit as JSON'), 'an elicitation form with an "Edit as JSON" switch');
      await fillIn(this.locator.getByLabel('Content JSON'), 'a "Content JSON" field in the elicitation form', JSON.stringify(content, null, 2));
      await clickOn(this.locator.getByRole('button', { name: 'Accept', exact: true }), 'an elicitation form with an Accept button');
    });
  }

  async decline(): Promise<void> {
    await this.press('Decline');
  }

  async cancel(): Promise<void> {
    await this.press('Cancel');
  }

  private async press(action: 'Accept' | 'Decline' | 'Cancel'): Promise<void> {
    await test.step(`${action.toLowerCase()} the elicitation`, async () => {
      await clickOn(this.locator.getByRole('button', { name: action, exact: true }), `an elicitation form with its ${action} button`);
    });
  }
}

/** A URL elicitation (a URL flow): `mode` is `'url'`. */
export class UrlElicitation {
  readonly mode = 'url' as const;

  constructor(
    readonly locator: Locator,
    private readonly page: Page,
  ) {}

  /**
   * The whole card: while a form waits, the panel shows each flow as one line (host and
   * status); reading the rest of a flow or acting on it unfolds the panel, as a person would.
   */
  private async card(): Promise<Locator> {
    const unfold = this.page.getByRole('region', { name: 'URL flows' }).getByRole('button', { name: 'Unfold URL flows' });
    if (await unfold.isVisible()) await clickOn(unfold, 'the URL flows panel to unfold');
    return shown(this.locator, 'the URL flow in the URL flows panel');
  }

  /** Press the card's button with this name; an error names the flow's status when it has none. */
  private async press(name: string, what: string): Promise<void> {
    const card = await this.card();
    await clickOn(card.getByRole('button', { name, exact: true }), `${what} (a "${name}" button; the flow's status is ${await this.statusText()})`);
  }

  private async statusText(): Promise<string> {
    return (await this.status().count()) ? readText(this.status()) : 'not shown';
  }

  async message(): Promise<string> {
    const card = await this.card();
    return readText(await shown(card.getByLabel('Message', { exact: true }), 'the URL flow with its message'));
  }

  /** URL flows have no fields. */
  fields(): Promise<ElicitationField[]> {
    return Promise.resolve([]);
  }

  /** The full URL the server asks the person to visit. */
  async url(): Promise<string> {
    const card = await this.card();
    return (await (await shown(card.getByLabel('Full URL'), 'the URL flow with its full URL')).textContent({ timeout: controlWait(this.page) })) ?? '';
  }

  /** The checks the page made of the URL (empty when it found nothing to say). */
  async checks(): Promise<string[]> {
    return (await this.card()).getByRole('list', { name: 'URL checks' }).getByRole('listitem').allTextContents();
  }

  /** The flow's state word: `Waiting for consent`, `Waiting for completion`, `Completed`, … */
  status(): Locator {
    return this.locator.getByRole('status', { name: 'Flow status' });
  }

  timeline(): Locator {
    return this.locator.getByRole('list', { name: 'Timeline' });
  }

  /** Consent: click Open (which sends accept) and return the tab the URL opened in. */
  async consent(): Promise<Page> {
    return test.step('consent: open the URL', async () => {
      const opened = this.page.context().waitForEvent('page', { timeout: controlWait(this.page) });
      await this.press('Open', 'a URL flow waiting for consent');
      const tab = await opened;
      await tab.waitForLoadState();
      return tab;
    });
  }

  async decline(): Promise<void> {
    await this.press('Decline', 'a URL flow waiting for consent');
  }

  async cancel(): Promise<void> {
    await this.press('Cancel', 'a URL flow waiting for consent');
  }

  /**
   * Tell the page the out-of-band step of a -32042 flow is done, so the call is retried.
   * Consent comes first (consent(), as a person opens the URL before coming back).
   */
  async markDone(): Promise<void> {
    await this.card();
    const status = await this.statusText();
    if (status === 'Waiting for consent') {
      throw new Error('markDone(): the URL flow is Waiting for consent; consent() first (a person opens the URL, then marks it done)');
    }
    await this.press('Mark as done', 'a -32042 URL flow waiting for completion');
  }
}

export type Elicitation = FormElicitation | UrlElicitation;

/**
 * One elicitation on screen, as the person answering it sees it: a form to fill and
 * answer, or a URL flow to consent to.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

/** A form field as the page shows it: its title (label) and whether it must be filled. */
export type ElicitationField = { title: string; isRequired: boolean };

/** A form elicitation: `mode` is `'form'`. */
export class FormElicitation {
  readonly mode = 'form' as const;

  constructor(readonly locator: Locator) {}

  /** The server's message, as shown. */
  async message(): Promise<string> {
    return (await this.locator.getByLabel('Message', { exact: true }).textContent()) ?? '';
  }

  /** The form's fields in order, by title. */
  async fields(): Promise<ElicitationField[]> {
    const form = this.locator.locator('form');
    await expect(form.first(), 'expected the elicitation form to render').toBeVisible();
    return form.first().evaluate((element) => {
      const seen = new Set<string>();
      const found: { title: string; isRequired: boolean }[] = [];
      for (const control of Array.from(element.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'))) {
        const label = control.labels?.[0]?.textContent?.replace(/\*\s*$/, '').trim();
        if (!label || seen.has(label) || control.type === 'hidden') continue;
        seen.add(label);
        found.push({ title: label, isRequired: control.required });
      }
      return found;
    });
  }

  /** The control of the field with this title (exact). */
  field(title: string): Locator {
    return this.locator.getByLabel(title, { exact: true });
  }

  /** Fill a field by its title: text and numbers are typed, a select picks the option with that label, a checkbox takes `true`/`false`. */
  async fill(title: string, value: string | number | boolean): Promise<void> {
    await test.step(`fill "${title}"`, async () => {
      const field = this.field(title);
      if ((await field.count()) === 0) {
        const titles = (await this.fields()).map((f) => f.title);
        throw new Error(`No field titled "${title}" in the elicitation form; the form shows: ${titles.map((t) => `"${t}"`).join(', ') || 'no fields'}`);
      }
      const tag = await field.first().evaluate((element) => (element instanceof HTMLInputElement ? element.type : element.tagName.toLowerCase()));
      if (tag === 'checkbox') await field.setChecked(value === true || value === 'true');
      else if (tag === 'select') await field.selectOption({ label: String(value) });
      else await field.fill(String(value));
    });
  }

  async accept(fields: Record<string, string | number | boolean> = {}): Promise<void> {
    for (const [title, value] of Object.entries(fields)) await this.fill(title, value);
    await this.press('Accept');
  }

  /** Accept with exactly this content (keyed by property name), typed as JSON as Edit as JSON allows. */
  async acceptContent(content: Record<string, unknown>): Promise<void> {
    await test.step('accept with content', async () => {
      await this.locator.getByLabel('Edit as JSON').setChecked(true);
      await this.locator.getByLabel('Content JSON').fill(JSON.stringify(content, null, 2));
      await this.locator.getByRole('button', { name: 'Accept', exact: true }).click();
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
      await this.locator.getByRole('button', { name: action, exact: true }).click();
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
    if (await unfold.isVisible()) await unfold.click();
    return this.locator;
  }

  async message(): Promise<string> {
    return (await (await this.card()).getByLabel('Message', { exact: true }).textContent()) ?? '';
  }

  /** URL flows have no fields. */
  fields(): Promise<ElicitationField[]> {
    return Promise.resolve([]);
  }

  /** The full URL the server asks the person to visit. */
  async url(): Promise<string> {
    return (await (await this.card()).getByLabel('Full URL').textContent()) ?? '';
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
      const opened = this.page.context().waitForEvent('page');
      await (await this.card()).getByRole('button', { name: 'Open', exact: true }).click();
      const tab = await opened;
      await tab.waitForLoadState();
      return tab;
    });
  }

  async decline(): Promise<void> {
    await (await this.card()).getByRole('button', { name: 'Decline', exact: true }).click();
  }

  async cancel(): Promise<void> {
    await (await this.card()).getByRole('button', { name: 'Cancel', exact: true }).click();
  }

  /** Tell the page the out-of-band step is done (for servers that never report completion). */
  async markDone(): Promise<void> {
    await (await this.card()).getByRole('button', { name: 'Mark as done', exact: true }).click();
  }
}

export type Elicitation = FormElicitation | UrlElicitation;

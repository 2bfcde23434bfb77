/**
 * The Rules panel as a person uses it, for the rules specs: every locator is a
 * role and an accessible name (the ones the README lists).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

export type RuleFields = {
  name?: string;
  tool?: string;
  mode?: 'Form' | 'URL';
  message?: string;
  answer?: 'Accept with content' | 'Accept the defaults' | 'Decline' | 'Cancel' | 'Never answer';
  content?: string;
  delayMs?: number;
};

export class RulesPanel {
  readonly toggle: Locator;
  readonly panel: Locator;
  readonly list: Locator;
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByRole('button', { name: 'Rules', exact: true });
    this.panel = page.getByRole('region', { name: 'Rules', exact: true });
    this.list = this.panel.getByRole('list', { name: 'Response rules' });
    this.editor = this.panel.getByRole('form', { name: 'Rule editor' });
  }

  async open(): Promise<void> {
    if ((await this.toggle.getAttribute('aria-expanded')) !== 'true') await this.toggle.click();
    await expect(this.panel).toBeVisible();
  }

  rule(place: number): Locator {
    return this.list.getByRole('listitem', { name: new RegExp(`^Rule ${place}\\b`) });
  }

  /** The rules' names, in order. */
  async names(): Promise<string[]> {
    const labels = await this.list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^Rule \d+: /, ''));
  }

  async fill(fields: RuleFields): Promise<void> {
    const editor = this.editor;
    if (fields.name !== undefined) await editor.getByLabel('Rule name', { exact: true }).fill(fields.name);
    if (fields.tool !== undefined) await editor.getByLabel('Tool', { exact: true }).fill(fields.tool);
    if (fields.mode) await editor.getByLabel('Mode', { exact: true }).selectOption({ label: fields.mode });
    if (fields.message !== undefined) await editor.getByLabel('Message contains', { exact: true }).fill(fields.message);
    if (fields.answer) await editor.getByLabel('Answer', { exact: true }).selectOption({ label: fields.answer });
    if (fields.content !== undefined) await editor.getByLabel('Content (JSON)', { exact: true }).fill(fields.content);
    if (fields.delayMs !== undefined) await editor.getByLabel('Delay (ms)', { exact: true }).fill(String(fields.delayMs));
  }

  async add(fields: RuleFields): Promise<void> {
    await test.step(`add rule ${fields.name ?? ''}`, async () => {
      await this.open();
      const before = await this.list
        .getByRole('listitem')
        .count()
        .catch(() => 0);
      await this.panel.getByRole('button', { name: 'Add rule' }).click();
      await this.fill(fields);
      await this.editor.getByRole('button', { name: 'Add this rule' }).click();
      await expect(this.editor).toBeHidden();
      await expect(this.list.getByRole('listitem')).toHaveCount(before + 1);
    });
  }
}

/**
 * One sampling request (`sampling/createMessage`) on screen, as the person answering
 * it sees it: its messages and system prompt, a reply to type, Accept or Decline.
 */
import { test, type Locator } from '@playwright/test';
import { checkOn, clickOn, fillIn } from './page-account.js';

export class SamplingRequest {
  readonly mode = 'sampling' as const;

  constructor(readonly locator: Locator) {}

  /** Each message as a screen reader hears it: its role, a colon, its text (`user: Name a colour…`). */
  async messages(): Promise<string[]> {
    return this.locator.getByRole('list', { name: 'Messages' }).getByRole('listitem').allTextContents();
  }

  /** The system prompt, or an empty string when the request has none. */
  async systemPrompt(): Promise<string> {
    const prompt = this.locator.getByLabel('System prompt');
    return (await prompt.count()) ? ((await prompt.textContent()) ?? '').replace(/^System prompt:\s*/, '') : '';
  }

  /** Answer with a text reply (the page sends it as the model's assistant message). */
  async reply(text: string): Promise<void> {
    await test.step(`reply "${text}" to the sampling request`, async () => {
      await fillIn(this.locator.getByLabel('Reply', { exact: true }), 'a sampling request with a Reply field', text);
      await clickOn(this.locator.getByRole('button', { name: 'Accept', exact: true }), 'a sampling request with its Accept button');
    });
  }

  /** Answer with this whole CreateMessageResult (role, content, model, stopReason), typed as JSON. */
  async replyWith(result: Record<string, unknown>): Promise<void> {
    await test.step('reply to the sampling request with a whole result', async () => {
      await checkOn(this.locator.getByLabel('Edit reply as JSON'), 'a sampling request with an "Edit reply as JSON" switch');
      await fillIn(this.locator.getByLabel('Reply JSON', { exact: true }), 'a sampling request with a Reply JSON field', JSON.stringify(result, null, 2));
      await clickOn(this.locator.getByRole('button', { name: 'Accept', exact: true }), 'a sampling request with its Accept button');
    });
  }

  /** Refuse: on 2025 the server gets the spec's "User rejected sampling request" error; on 2026-07-28 the key is left out of the retry. */
  async decline(): Promise<void> {
    await test.step('decline the sampling request', async () => {
      await clickOn(this.locator.getByRole('button', { name: 'Decline', exact: true }), 'a sampling request with its Decline button');
    });
  }
}

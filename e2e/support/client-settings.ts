/**
 * Switch on a client setting in the Connection panel and reconnect, as a person
 * would: capabilities are declared at connect, so a new session must start.
 */
import { expect, type InspectorPage } from 'elicitation-inspector/playwright';

export async function switchOnAndReconnect(app: InspectorPage, setting: RegExp): Promise<void> {
  await changeAndReconnect(app, (form) => form.getByLabel(setting).check());
}

/** Change client settings with `change` (given the Connection form, Client settings open) and reconnect. */
export async function changeAndReconnect(
  app: InspectorPage,
  change: (form: Awaited<ReturnType<InspectorPage['openConnection']>>) => Promise<void>,
): Promise<void> {
  const form = await app.openConnection();
  await form.getByText('Client settings').click();
  await change(form);
  const sessions = app.page.getByRole('button', { name: /^Sessions \d+$/ });
  const before = Number((await sessions.textContent())?.replace(/\D/g, ''));
  await form.getByRole('button', { name: 'Reconnect', exact: true }).click();
  // The section stays as the person left it: the new session in the list, then Connected, says the reconnect is done.
  await expect(sessions).toHaveText(`Sessions ${before + 1}`);
  await app.waitConnected();
}

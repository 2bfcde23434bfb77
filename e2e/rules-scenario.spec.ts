/**
 * "Run scenario" and "Save as scenario" from the page. The proxy side of both
 * commands lands separately: until it does, the page must show the proxy's
 * refusal cleanly; once it does, a verdict or a download. Either way the page
 * stays whole and says what happened.
 */
import { expect, test } from 'elicitation-inspector/playwright';

const SCENARIO = { version: 1, name: 'echo once', steps: [{ call: 'echo', arguments: { text: 'hi' }, expect: { text: { contains: 'hi' } } }] };

test('a scenario file that is not JSON is refused by name before anything is sent', async ({ app, page }) => {
  await app.waitConnected();
  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"steps": [') });
  await expect(dialog.getByRole('alert')).toContainText('broken.json: not valid JSON');
});

test('running a scenario shows a verdict per run, or the proxy’s refusal in words', async ({ app, page }) => {
  await app.waitConnected();
  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'echo.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(SCENARIO)) });
  const verdicts = dialog.getByRole('region', { name: 'Scenario runs' });
  const refusal = dialog.getByRole('alert');
  await expect(verdicts.or(refusal)).toBeVisible({ timeout: 30_000 });
  if (await refusal.isVisible()) await expect(refusal).toHaveText(/\S/);
  else await expect(verdicts.getByRole('status', { name: 'Verdict' }).first()).toHaveText('passed');
  await expect(app.connectionStatus).toHaveText('Connected');
});

test('save as scenario downloads the session as a scenario, or says why it cannot', async ({ app, page }) => {
  await app.waitConnected();
  await app.runTool('echo', { text: 'hi' });
  await expect(app.callStatus()).toHaveText('Completed');
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sessions' });
  const downloaded = page.waitForEvent('download', { timeout: 20_000 }).then(
    (download) => download.suggestedFilename(),
    () => undefined,
  );
  await dialog
    .getByRole('listitem', { name: /^Session / })
    .first()
    .getByRole('button', { name: 'Save as scenario' })
    .click();
  const refusal = dialog.getByRole('alert');
  const outcome = await Promise.race([downloaded, refusal.waitFor({ timeout: 20_000 }).then(() => 'refused')]);
  if (outcome === 'refused') await expect(refusal).toHaveText(/scenario-from-session/);
  else expect(outcome).toMatch(/^scenario-.*\.json$/);
});

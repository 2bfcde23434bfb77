/**
 * The protocol proposals as a person sees them in the page (docs/proposals.md): what
 * only a browser shows, with the proxy's side covered by server/integration/proposals.test.ts.
 */
import { expect } from 'elicitation-inspector/playwright';
import { changeAndReconnect, switchOnAndReconnect } from './support/client-settings';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectRowTried } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

/** Each test below finds what docs/playwright.md's row for it documents by the row's own locators. */
const TABLE = readPlaywrightTable();

test.use({ inspectorShared: true, inspectorArgs: ['--protocol', '2026-07-28'] });

test('an authorization denial remedied by a URL is an authorization step with its hints in URL flows', async ({ app }) => {
  await app.waitConnected();
  const row = 'an authorization step (Authorization denials on)';
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(TABLE, app.page, coverage);
  await switchOnAndReconnect(app, /^Authorization denials/);
  await app.runTool('approve_folder_access');
  const flow = app.urlFlow();
  const step = await readme.locate(row, "….getByRole('region', { name: 'Authorization step' })", { scope: flow });
  await expect(step).toContainText('the server denied the call (insufficient_authorization, remediation available)');
  const contextId = (await (await readme.locate(row, "….getByLabel('authorizationContextId')", { scope: step })).textContent())!;
  expect(contextId).toMatch(/^authzctx_[0-9a-f]{8}$/);
  await expect(await readme.locate(row, "….getByRole('list', { name: 'Remediation hints' }).getByRole('listitem')", { scope: step })).toHaveText([
    'url: visit the URL below, then retry',
  ]);
  expectRowTried(TABLE, row, coverage);
  await flow.getByRole('button', { name: 'Done, retry' }).click();
  await expect(app.result()).toHaveText(`approve_folder_access: accept; echoed ${contextId}`);
});

test('a tool error that denies the call for good shows the denial in its result: what it means, and the handle to quote', async ({ app }) => {
  await app.waitConnected();
  const row = 'an authorization denial on a result (Authorization denials on)';
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(TABLE, app.page, coverage);
  await switchOnAndReconnect(app, /^Authorization denials/);
  await app.runTool('open_workspace');
  const denial = await readme.locate(row, "….getByRole('region', { name: 'Authorization denial' })", { scope: app.result() });
  await expect(denial).toContainText('Authorization denied (insufficient_authorization): the server did not perform the call.');
  await expect(await readme.locate(row, "….getByLabel('Remediation')", { scope: denial })).toHaveText(
    'no remedy exists: do not retry the call unchanged, and do not sign in again for it',
  );
  await expect(await readme.locate(row, "….getByLabel('authorizationContextId')", { scope: denial })).toHaveText(/^authzctx_[0-9a-f]{8}$/);
  expectRowTried(TABLE, row, coverage);
});

test('a file input is a picker that refuses a wrong type or a file too large, and says what it sends', async ({ app }) => {
  await app.waitConnected();
  const row = 'a file input (File inputs on)';
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(TABLE, app.page, coverage);
  await switchOnAndReconnect(app, /^File inputs/);
  await app.runTool('upload_photo');
  const picker = await readme.locate(row, '….getByLabel(/^<field title>/)', { scope: app.elicitation(), fill: { '<field title>': 'Profile photo' } });
  await expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg');
  // The browser's filter can be switched off in its dialog: the page checks the file itself.
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(await readme.locate(row, "….getByRole('alert')", { scope: app.elicitation() })).toHaveText(
    'notes.txt is text/plain; this field accepts image/png, image/jpeg.',
  );
  await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(70_000) });
  await expect(app.elicitation().getByRole('alert')).toHaveText('huge.png is 70000 bytes; this field takes at most 65536 bytes.');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==', 'base64');
  await picker.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await expect(await readme.locate(row, "….getByRole('status', { name: 'What will be sent' })", { scope: app.elicitation() })).toHaveText(
    /^dot\.png · image\/png · 70 bytes, sent as data:image\/png;base64,iVBORw0KGgo.*… \(118 characters\)$/,
  );
  await app.elicitation().getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(app.result()).toHaveText('upload_photo: got image/png, 70 bytes');
  expectRowTried(TABLE, row, coverage);
});

test("with a language set the form shows the server's localized message, titles and descriptions", async ({ app }) => {
  await app.waitConnected();
  await changeAndReconnect(app, async (form) => {
    const language = form.getByLabel(/^Language/);
    await language.fill('fr;q=2');
    await expect(
      form.getByText(
        'Not an Accept-Language value (such as fr or fr-CA,fr;q=0.9,en;q=0.5): "fr;q=2" has a weight that is not ;q= with a number from 0 to 1 of at most three decimals (q=0.9).',
      ),
    ).toBeVisible();
    await expect(language).toHaveAttribute('aria-invalid', 'true');
    // SEP-2792's own example: weighted ranges; the demo finds French for fr-CA.
    await language.fill('fr-CA,fr;q=0.9,en;q=0.5');
    await expect(language).toHaveAttribute('aria-invalid', 'false');
  });
  await app.runTool('localized_signup');
  const card = app.elicitation();
  await expect(card).toContainText('Veuillez vous inscrire à la lettre d’information.');
  await expect(card).toContainText('Tel qu’il doit figurer sur la lettre');
  await card.getByLabel(/^Nom complet/).fill('Ada');
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(app.result()).toHaveText('localized_signup (fr): signed up {"fullName":"Ada","newsletter":true}');
});

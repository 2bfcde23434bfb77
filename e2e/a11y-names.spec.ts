/**
 * Composite items read as sentences: a screen reader reading a Timeline span, a
 * call row, a story step, a URL flow, a sign-in or a sampling card never runs two
 * of its parts together ("20029 ms" for a status 200 then 29 ms). Accessible
 * names do not depend on the window's size: this runs at 1440x900 only.
 */
import { expect } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { gluedJunctions } from './support/glued-names';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('a two-round 2026-07-28 call: its call row, story steps, log rows and Timeline spans keep their parts apart', async ({ app }) => {
  await app.waitConnected();
  await app.runTool('plan_trip');
  await app.field('Destination').selectOption('Kyoto');
  await app.answer('Accept', { 'Departure date': '2027-04-02' });
  await app.field('Seat').selectOption({ label: 'Window' });
  await app.answer('Accept');
  await expect(app.result()).toContainText('plan_trip: booked');
  expect(await gluedJunctions(app.calls.getByRole('listitem')), 'the call row').toEqual([]);
  expect(await gluedJunctions(app.logEntries.getByRole('option')), 'log rows').toEqual([]);

  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name: /^c1 / }).click();
  const steps = app.log.getByRole('list', { name: 'Story steps' });
  await expect(steps).toContainText('ended: result');
  expect(await gluedJunctions(app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option')), 'calls in the log').toEqual([]);
  expect(await gluedJunctions(steps.getByRole('listitem')), 'story steps').toEqual([]);

  await app.log.getByRole('tab', { name: 'Timeline' }).click();
  const axis = app.log.getByRole('region', { name: 'Timeline', exact: true });
  expect(await gluedJunctions(axis), 'the whole session on the time axis').toEqual([]);
  await axis.getByRole('button', { name: /^Zoom to c1 / }).click();
  await expect(axis.getByRole('button', { name: /^Round 2 of c1, / })).toBeVisible();
  expect(await gluedJunctions(axis), 'one call on the time axis').toEqual([]);
});

test.describe('on 2025-11-25', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test('a URL flow, folded beside a form and whole, keeps its parts apart', async ({ app, page }) => {
    await app.waitConnected();
    await app.runTool('lookalike_url');
    await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
    await app.runTool('collect_profile');
    const flows = page.getByRole('region', { name: 'URL flows' });
    await expect(flows.getByRole('button', { name: 'Unfold URL flows' })).toBeVisible();
    expect(await gluedJunctions(flows), 'folded').toEqual([]);
    await flows.getByRole('button', { name: 'Unfold URL flows' }).click();
    expect(await gluedJunctions(flows), 'whole').toEqual([]);
    expect(await gluedJunctions(app.requests.getByRole('article')), 'the form’s card').toEqual([]);
  });
});

test('a sampling request’s card keeps its parts apart', async ({ app, page }) => {
  await app.waitConnected();
  await switchOnAndReconnect(app, /^Sampling/);
  await app.runTool('ask_model');
  const card = page.getByRole('article', { name: /^Sampling request / });
  await expect(card.getByRole('list', { name: 'Messages' })).toContainText('Name a colour for a new logo.');
  expect(await gluedJunctions(card)).toEqual([]);
});

// Its own inspector: a shared one could remember a sign-in to this server from an earlier test of the worker.
test.describe('signed in from a new inspector', () => {
  test.use({ inspectorShared: false });

  test('the Sign-in panel keeps its parts apart, waiting and signed in', async ({ app, page, oauthServer }) => {
    await app.waitConnected();
    await app.connect({ transport: 'http', url: oauthServer.url });
    const panel = page.getByRole('region', { name: 'Sign-in' });
    await expect(panel.getByText('Waiting for you')).toBeVisible();
    expect(await gluedJunctions(panel), 'waiting').toEqual([]);
    const [signInPage] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: 'Open sign-in page' }).click()]);
    await signInPage.getByRole('button', { name: 'Approve' }).click();
    await expect(signInPage.getByText('Signed in.')).toBeVisible();
    await signInPage.close();
    await app.waitConnected();
    await expect(panel.getByText('Signed in', { exact: true })).toBeVisible();
    expect(await gluedJunctions(panel), 'signed in').toEqual([]);
  });
});

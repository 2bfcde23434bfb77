/**
 * The demo server (the inspector's default target) in the browser: a two-step
 * flow, a server that gives up on its own request, a tool list that changes,
 * and a page that stays usable while a form waits.
 */
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorShared: true });

test.beforeEach(async ({ app }) => {
  await app.waitConnected();
});

test('two elicitations in a row, the second shaped by the first; the tool list refreshes on notifications/tools/list_changed', async ({ app }) => {
  await app.runTool('plan_trip');
  await expect(app.elicitation()).toContainText('Step 1 of 2: where are you going?');
  await app.field('Destination').selectOption('Kyoto');
  await app.answer('Accept', { 'Departure date': '2027-04-02' });
  await expect(app.elicitation()).toContainText('Step 2 of 2: your seat to Kyoto on 2027-04-02.');
  await app.field('Seat').selectOption({ label: 'Window' });
  await app.answer('Accept');
  await expect(app.result()).toHaveText('plan_trip: booked 1 to Kyoto on 2027-04-02, window seat with a meal');
  await expect(app.callStatus()).toHaveText('Completed');
  // Both rounds of the 2026-07-28 call are in the log.
  await app.searchLog('input-responses');
  await expect(app.logRow(/round [23] \(input-responses\)/)).toHaveCount(2);

  // The server adds a tool and says so: the list shows it without a reconnect.
  await expect(app.tools.getByRole('option', { name: 'bonus_tool', exact: true })).toHaveCount(0);
  await app.runTool('unlock_bonus_tool');
  await expect(app.tools.getByRole('option', { name: 'bonus_tool', exact: true })).toBeVisible();
  await app.runTool('bonus_tool');
  await expect(app.result()).toHaveText('bonus_tool: unlocked and working');
});

test.describe('on a 2025-11-25 connection', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test('the two-step flow arrives as pushed elicitation/create requests; a server that cancels its own request closes the form and says so', async ({
    app,
  }) => {
    await expect(app.protocolVersion).toHaveText('2025-11-25');
    await app.runTool('plan_trip');
    await app.answer('Accept', { 'Departure date': '2027-01-15' });
    await app.field('Seat').selectOption({ label: 'Aisle' });
    await app.answer('Accept');
    await expect(app.result()).toHaveText('plan_trip: booked 1 to Lisbon on 2027-01-15, aisle seat with a meal');
    await app.searchLog('elicitation/create');
    await expect(app.logRow(/elicitation\/create #/)).toHaveCount(2);

    // A server that gives up on its own request: the form closes and says so.
    await app.runTool('confirm_with_deadline', { seconds: '2' });
    await expect(app.elicitation()).toContainText('Confirm within 2 seconds');
    const closed = app.requests.getByRole('status', { name: /closed$/ });
    await expect(closed).toContainText('The server cancelled this request', { timeout: 15_000 });
    await expect(closed).toContainText('Nothing can be sent for it any more.');
    await expect(app.elicitation()).toHaveCount(0);
    await expect(app.result()).toContainText('the server stopped waiting');
    await closed.getByRole('button', { name: 'Dismiss' }).click();
    await expect(closed).toHaveCount(0);
  });
});

test('while a form waits, other tools run and the log stays usable; several requests queue; Accept, Decline and Cancel are logged as the person’s actions, with the content sent', async ({
  app,
}) => {
  await app.runTool('collect_profile');
  await expect(app.elicitation()).toBeVisible();
  await app.runTool('plan_trip');
  await expect(app.requests.getByLabel('Pending request count')).toHaveText('2');
  const queue = app.requests.getByRole('tablist', { name: 'Elicitation queue' });
  await expect(queue.getByRole('tab')).toHaveCount(2);

  await app.runTool('echo', { text: 'still here' });
  await expect(app.result()).toContainText('still here');
  await app.logRow('tools/call').filter({ hasText: 'request' }).first().click();
  await expect(app.entryDetails).toContainText('"method": "tools/call"');
  await app.entryDetails.getByRole('button', { name: /^Response after/ }).click();
  await expect(app.entryDetails).toContainText('"resultType": "input_required"');

  // Answer the second one first; the first is still waiting after.
  await queue.getByRole('tab', { name: /Step 1 of 2/ }).click();
  await app.answer('Decline');
  await expect(app.requests.getByLabel('Pending request count')).toHaveText('1');
  await expect(app.elicitation()).toContainText('conference badge');
  await app.answer('Cancel');
  await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');

  // An accept after that decline and cancel: the log has each as the person's action, the accept with what it sent.
  await app.runTool('collect_profile');
  await app.answer('Accept', { Email: 'ada@example.com' });
  await expect(app.result()).toContainText('collect_profile: accept');
  await app.log.getByLabel('Kind').selectOption('elicitation');
  await expect(app.logRow(/decline e\d/)).toHaveCount(1);
  await expect(app.logRow(/cancel e\d/)).toHaveCount(1);
  const action = app.logRow(/accept e\d/);
  await expect(action).toContainText('"email":"ada@example.com"');
  await expect(action).toContainText('"age":36');
});

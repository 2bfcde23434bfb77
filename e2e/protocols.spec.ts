/**
 * The same demo tools on every revision and transport: 2026-07-28 rounds (Auto)
 * and 2025-11-25 pushed requests, over stdio and Streamable HTTP; a polling URL
 * flow; a 2025-06-18 client facing newer features; timeouts a person controls.
 */
import { expect } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test as base } from './support/test';

// Each group's tests share the worker's inspector: a fresh session each, not a new process.
base.use({ inspectorShared: true });

const cases = [
  { transport: 'stdio', protocol: 'auto', version: '2026-07-28' },
  { transport: 'stdio', protocol: '2025-11-25', version: '2025-11-25' },
  { transport: 'http', protocol: 'auto', version: '2026-07-28' },
  { transport: 'http', protocol: '2025-11-25', version: '2025-11-25' },
] as const;

for (const { transport, protocol, version } of cases) {
  const test = base.extend({
    inspectorArgs: async ({ demoHttp }, use) => use([...(transport === 'http' ? ['--url', demoHttp.url] : []), '--protocol', protocol]),
  });
  test.describe(`demo over ${transport}, protocol ${protocol}`, () => {
    test.beforeEach(async ({ app }) => {
      await app.waitConnected();
      await expect(app.protocolVersion).toHaveText(version);
    });

    test('a two-round form flow shows both rounds and the result; a tool with an outputSchema returns its structuredContent', async ({ app }) => {
      await app.runTool('plan_trip');
      const origin = version === '2026-07-28' ? /round 1 · where/ : /id \d+/;
      await expect(app.elicitation()).toContainText(origin);
      await app.answer('Accept', { 'Departure date': '2027-03-03' });
      await expect(app.elicitation()).toContainText(version === '2026-07-28' ? /round 2 · seat/ : /Step 2 of 2/);
      await app.field('Seat').selectOption({ label: 'Window' });
      await app.answer('Accept');
      await expect(app.result()).toHaveText('plan_trip: booked 1 to Lisbon on 2027-03-03, window seat with a meal');
      if (version === '2026-07-28') await expect(app.latestCall()).toContainText('round 3');

      // A second call in the same session: its structured content shows beside its text.
      await app.runTool('confirm_order', { item: 'cocoa' });
      await app.answer('Accept', { 'Note for the courier': 'leave at the door' });
      await expect(app.result()).toContainText('confirm_order: confirmed');
      await expect(app.result().getByLabel('Structured content', { exact: true })).toContainText('"note": "leave at the door"');
    });

    // The default connection (stdio, Auto: 2026-07-28) also runs the URL flow the server polls.
    if (transport === 'stdio' && protocol === 'auto')
      test('2026-07-28 URL flow where the server polls: completes after "Done, retry" and approval on the provider page', async ({ app, context }) => {
        await app.runTool('url_poll');
        const flow = app.urlFlow();
        await expect(flow).toContainText('no elicitationId (2026-07-28)');
        const popupPromise = context.waitForEvent('page');
        await flow.getByRole('button', { name: 'Open', exact: true }).click();
        const popup = await popupPromise;
        await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
        await flow.getByRole('button', { name: 'Done, retry' }).click();
        // Not approved yet: the server polls with requestState-only rounds, counted on the call.
        await expect(app.latestCall()).toContainText(/round [3-9]/, { timeout: 15_000 });
        await expect(app.callStatus()).toHaveText('Waiting on the server');
        await popup.getByRole('button', { name: 'Approve' }).click();
        await expect(app.result()).toHaveText('url_poll: payment approved', { timeout: 15_000 });
        await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Completed');
      });
  });
}

base.describe('as a 2025-06-18 client', () => {
  const target = targetStdio('raw-protocol', '2025-06-18');
  base.use({ inspectorArgs: ['--protocol', '2025-06-18', '--', target.command, ...target.args] });

  base('a server sending URL mode and oneOf gets findings', async ({ app }) => {
    await app.waitConnected();
    await expect(app.protocolVersion).toHaveText('2025-06-18');
    await app.runTool('old_and_new');
    await expect(app.elicitation().getByRole('group', { name: 'Findings' })).toContainText('2025-11-25 features on a 2025-06-18 connection');
    await app.answer('Accept');
    await expect(app.result()).toContainText('old_and_new: url refused');
    await app.log.getByLabel('Kind').selectOption('problems');
    await expect(app.logRow('url-mode-on-2025-06-18')).toHaveCount(1);
    await expect(app.logRow('schema-newer-than-protocol')).toHaveCount(1);
  });
});

base.describe('a person controls the timeout', () => {
  base.use({ inspectorArgs: ['--protocol', '2025-11-25', '--timeout', '3'] });

  base(
    'the countdown shows in the form; suspended, the call outlives its budget; not suspended, it times out and its form closes and says so',
    async ({ app }) => {
      await app.waitConnected();
      await app.runTool('collect_profile');
      await expect(app.elicitation().getByLabel('Time left to answer')).toHaveText(/^0:0[0-3]$/);
      await app.elicitation().getByRole('button', { name: 'Suspend timeout' }).click();
      await expect(app.elicitation()).toContainText("The tool call's timeout is suspended.");
      // The call's clock passes its 3 s budget, and the form still waits.
      await expect(app.latestCall().getByLabel('Call duration')).toHaveText(/^([4-9]\.\d|\d\d+) s$/);
      await expect(app.callStatus()).toHaveText('Waiting on you');
      await app.answer('Accept', { Email: 'patient@example.com' });
      await expect(app.result()).toContainText('collect_profile: accept');

      // The same form again, left to its budget this time.
      await app.runTool('collect_profile');
      await expect(app.callStatus()).toHaveText('Timed out', { timeout: 10_000 });
      await expect(app.requests.getByRole('status', { name: /closed$/ })).toContainText('The tool call ended before this was answered');
      await expect(app.elicitation()).toHaveCount(0);
    },
  );
});

/**
 * The locator table (docs/playwright.md) is an interface: every locator in it is tried,
 * as written there, on a real page in the state where its control exists. A
 * renamed control, a reworded row, or a row one side lost fails here. This spec walks
 * connecting, sessions, tools, calls and their forms, prompts and resources, and URL flows;
 * readme-contract-panels.spec.ts the log, rules, scenarios, the keyboard and the theme.
 */
import { expect } from 'elicitation-inspector/playwright';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectEveryLocatorTried, PANEL_ROWS, PROPOSAL_ROWS, SESSION_ROWS } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';
import { SMALL_WINDOW } from './support/window-sizes';

test.use({ inspectorShared: true });

const ROWS = readPlaywrightTable();
const coverage = emptyCoverage();

test.describe.configure({ mode: 'serial' });
// At 1280×720 only: the smaller window is the harder one for every locator to be on screen.
test.use({ inspectorArgs: ['--protocol', '2025-11-25'], viewport: SMALL_WINDOW });

test('the README and the three contract specs know the same rows, and each row documents the values the page can show', () => {
  const known = { ...SESSION_ROWS, ...PANEL_ROWS, ...PROPOSAL_ROWS };
  const all = [SESSION_ROWS, PANEL_ROWS, PROPOSAL_ROWS].flatMap((rows) => Object.keys(rows));
  expect(
    all.filter((what, i) => all.indexOf(what) !== i),
    'rows two specs walk',
  ).toEqual([]);
  expect(ROWS.map((r) => r.what).sort()).toEqual(Object.keys(known).sort());
  for (const row of ROWS) expect(row.values.slice().sort(), `values of "${row.what}"`).toEqual([...known[row.what]].sort());
});

test('connection: state, server, the folded section, its form, client settings, connect and why it ended; sessions', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  await readme.value('connection state', await readme.locate('connection state', "getByRole('status', { name: 'Connection status' })"), 'Connected');
  await expect(await readme.locate('the server', "getByLabel('Server', { exact: true })")).toHaveText('Elicitation demo server 0.1.0');
  await readme.locate('the server', "getByLabel('Protocol version')");

  const section = await readme.locate('connection section', "getByRole('button', { name: 'Connection', exact: true })");
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await section.click();
  const form = await readme.locate('connection form', "getByRole('form', { name: 'Connection' })");
  for (const label of ['Command', 'Arguments', 'Environment', 'Working directory'])
    await readme.locate('connection form', `getByLabel('${label}', { exact: true })`, { scope: form });
  await (await readme.locate('connection form', "getByRole('radio', { name: 'Streamable HTTP' })", { scope: form })).click();
  for (const label of ['URL', 'Headers']) await readme.locate('connection form', `getByLabel('${label}', { exact: true })`, { scope: form });
  await readme.locate('connection form', "getByRole('radio', { name: 'SSE (legacy)' })", { scope: form });
  await (await readme.locate('connection form', "getByRole('radio', { name: 'stdio' })", { scope: form })).click();

  await (await readme.locate('client settings', "getByText('Client settings')")).click();
  await readme.locate('client settings', "getByLabel('Protocol', { exact: true })");
  await readme.locate('client settings', "getByLabel('Form mode')");
  await readme.locate('client settings', "getByLabel('URL mode')");
  await readme.locate('client settings', "getByLabel('Request timeout (seconds)')");
  await readme.locate('client settings', "getByLabel('Max rounds')");
  await readme.locate('client settings', 'getByLabel(/^Retry a -32042 call/)');
  await readme.locate('client settings', 'getByLabel(/^Tasks/)');
  const roots = await readme.locate('client settings', "getByLabel('Roots', { exact: true })");
  await roots.check();
  await readme.locate('client settings', "getByLabel('Root folders')");
  await roots.uncheck();
  for (const proposal of ['/^Deprecation notes/', '/^Authorization denials/', '/^File inputs/', '/^Language/'])
    await readme.locate('client settings', `getByLabel(${proposal})`);

  await readme.locate('connect', "getByRole('button', { name: 'Reconnect', exact: true })");
  await (await readme.locate('connect', "getByRole('button', { name: 'Disconnect', exact: true })")).click();
  await readme.value('connection state', app.connectionStatus, 'Disconnected');
  await expect(await readme.locate('why a session ended', "getByRole('alert', { name: 'Session ended' })")).toContainText('You disconnected.');
  await (await readme.locate('connect', "getByRole('button', { name: 'Connect', exact: true })")).click();
  await readme.value('connection state', app.connectionStatus, 'Connected');

  await app.runTool('echo', { text: 'hi' });
  await expect(app.callStatus()).toHaveText('Completed');
  // Two sessions now: the one on screen (live, with that call) and the one disconnected above.
  await (await readme.locate('sessions', "getByRole('button', { name: /^Sessions/ })")).click();
  const dialog = await readme.locate('sessions', "getByRole('dialog', { name: 'Sessions' })");
  const rows = await readme.locate('sessions', "….getByRole('listitem', { name: /^Session / })", { scope: dialog });
  await expect(rows).toHaveCount(2);
  const ended = rows.filter({ hasNot: page.getByText('shown', { exact: true }) });
  for (const name of ['Open', 'Export', 'Delete']) await readme.locate('sessions', `….getByRole('button', { name: '${name}', exact: true })`, { scope: ended });
  const shown = rows.filter({ has: page.getByText('shown', { exact: true }) });
  await readme.locate('sessions', "….getByRole('button', { name: 'Export', exact: true })", { scope: shown });
  for (const name of ['Export as HAR', 'Export as OpenTelemetry'])
    await readme.locate('sessions', `….getByRole('button', { name: '${name}', exact: true })`, { scope: shown });
  await expect(shown.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await readme.locate('sessions', "getByLabel('Import a session file')", { scope: dialog });

  // The ended session with the live one, which has made a call since: that call is B's alone.
  await (await readme.locate('compare sessions', "….getByRole('checkbox', { name: 'Pick to compare' })", { scope: ended })).check();
  await shown.getByRole('checkbox', { name: 'Pick to compare' }).check();
  await (await readme.locate('compare sessions', "getByRole('button', { name: 'Compare', exact: true })")).click();
  await readme.locate('compare sessions', "getByRole('dialog', { name: 'Session diff' })");
  await expect(await readme.locate('compare sessions', "getByRole('status', { name: 'Diff summary' })")).toHaveText(
    'The sessions differ. No call is in both; 1 only in B.',
  );
  const call = await readme.locate('compare sessions', "getByRole('list', { name: 'Compared calls' }).getByRole('listitem')");
  await expect(call).toHaveAccessibleName('tools/call echo: only in B');
  await readme.locate('compare sessions', "getByLabel('Time threshold (ms)')");
  await (await readme.locate('compare sessions', "getByRole('button', { name: 'Close', exact: true })")).click();
  await expect(page.getByRole('dialog', { name: 'Session diff' })).toBeHidden();
});

test('tools, calls, forms, the timeout, a withdrawn request', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  const option = await readme.locate('pick a tool', "getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: '<tool name>', exact: true })", {
    fill: { '<tool name>': 'echo' },
  });
  await option.click();
  const toggle = await readme.locate('its arguments', "getByLabel('Edit arguments as JSON')");
  await toggle.click();
  await readme.locate('its arguments', "getByLabel('Arguments JSON')");
  await toggle.click();
  const argument = await readme.locate('its arguments', "getByRole('region', { name: 'Tool', exact: true }).getByLabel('<argument title>')", {
    fill: { '<argument title>': 'text' },
  });
  await argument.fill('contract');
  await (await readme.locate('run it', "getByRole('button', { name: 'Run tool' })")).click();
  const call = (await readme.locate('its calls, newest first', "getByRole('list', { name: 'Calls' }).getByRole('listitem')")).first();
  await readme.value("a call's state", await readme.locate("a call's state", "….getByRole('status', { name: 'Call status' })", { scope: call }), 'Completed');
  await expect(await readme.locate("a call's result", "….getByRole('region', { name: 'Result' })", { scope: call })).toContainText('contract');

  await app.runTool('collect_profile');
  await readme.value("a call's state", app.callStatus(), 'Waiting on you');
  const requests = await readme.locate('pending elicitations', "getByRole('region', { name: 'Pending requests' })");
  await expect(await readme.locate('pending elicitations', "getByLabel('Pending request count')")).toHaveText('1');
  await readme.locate('pending elicitations', "getByRole('separator', { name: 'Resize requests column' })");
  const form = await readme.locate('the form on screen', "getByRole('article', { name: /^Elicitation / })");
  await readme.locate('a form field', "….getByLabel('<field title>', { exact: true })", { scope: form, fill: { '<field title>': 'Email' } });
  await readme.locate('a form field', "….getByRole('group', { name: '<title>' }).getByLabel('<option>')", {
    scope: form,
    fill: { '<title>': 'Languages', '<option>': 'Python' },
  });
  for (const name of ['Accept', 'Decline', 'Cancel']) await readme.locate('answer', `….getByRole('button', { name: '${name}' })`, { scope: form });
  await readme.locate('answer', "getByLabel('Send without validating')");
  await readme.locate('answer', "getByLabel('Edit as JSON')");
  await readme.locate('timeout', "getByLabel('Time left before the call times out')");
  await (await readme.locate('timeout', "getByRole('button', { name: 'Suspend timeout' })")).first().click();
  await (await readme.locate('timeout', "getByRole('button', { name: 'Resume timeout' })")).first().click();

  await app.runTool('confirm_with_deadline', { seconds: '2' });
  await readme.locate('pending elicitations', "getByRole('tablist', { name: 'Elicitation queue' })");
  await expect(await readme.locate('a request the server withdrew', "getByRole('status', { name: /^Elicitation .* closed$/ })")).toContainText(
    'The server cancelled this request',
    { timeout: 15_000 },
  );
  await app.answer('Accept', { Email: 'contract@example.com' });
  await expect(requests.getByLabel('Pending request count')).toHaveText('0');
});

test('prompts and resources: the tabs, a prompt got, a template read', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  const tab = (name: string) => `getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: '${name}' })`;
  await (await readme.locate('server features', tab('Prompts'))).click();
  const prompt = await readme.locate('pick a prompt', "getByRole('listbox', { name: 'Prompts' }).getByRole('option', { name: '<prompt name>', exact: true })", {
    fill: { '<prompt name>': 'write_announcement' },
  });
  await prompt.click();
  const topic = await readme.locate('get it', "getByRole('region', { name: 'Prompt', exact: true }).getByLabel('<argument title>', { exact: true })", {
    fill: { '<argument title>': 'topic' },
  });
  await topic.fill('the contract');
  await (await readme.locate('get it', "getByRole('button', { name: 'Get prompt' })")).click();
  await app.field('Tone').selectOption('friendly');
  await app.answer('Accept');
  await expect(app.result()).toContainText('Write a friendly announcement about the contract.');

  await (await readme.locate('server features', tab('Resources'))).click();
  await readme.locate('pick a resource', "getByRole('listbox', { name: 'Resources' }).getByRole('option', { name: '<resource name>', exact: true })", {
    fill: { '<resource name>': 'readme' },
  });
  const template = await readme.locate(
    'pick a resource',
    "getByRole('listbox', { name: 'Resource templates' }).getByRole('option', { name: '<resource name>', exact: true })",
    { fill: { '<resource name>': 'secret_note' } },
  );
  await template.click();
  const variable = await readme.locate('read it', "getByRole('region', { name: 'Resource', exact: true }).getByLabel('<template variable>', { exact: true })", {
    fill: { '<template variable>': 'name' },
  });
  await variable.fill('n2');
  await expect(await readme.locate('read it', "getByLabel('Resource URI')")).toHaveText('demo://notes/n2');
  await (await readme.locate('read it', "getByRole('button', { name: 'Read resource' })")).click();
  await app.answer('Decline');
  await expect(app.result()).toContainText('secret_note n2: not shown');
  await (await readme.locate('server features', tab('Tools'))).click();
  await expect(app.tools).toBeVisible();
});

test('URL flows: their parts, acting on them, Completed', async ({ app, page, context }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  await app.runTool('connect_account');
  const panel = await readme.locate('URL flows', "getByRole('region', { name: 'URL flows' })");
  const flow = (await readme.locate('URL flows', "getByRole('article', { name: /^URL elicitation / })", { scope: panel })).first();
  const status = await readme.locate("a flow's parts", "getByRole('status', { name: 'Flow status' })", { scope: flow });
  await readme.value("a flow's parts", status, 'Waiting for consent');
  for (const label of ['elicitationId', 'Full URL', 'Destination host']) await readme.locate("a flow's parts", `getByLabel('${label}')`, { scope: flow });
  for (const name of ['URL checks', 'Timeline']) await readme.locate("a flow's parts", `getByRole('list', { name: '${name}' })`, { scope: flow });
  for (const name of ['Copy URL', 'Decline', 'Cancel', 'Show in log'])
    await readme.locate('act on a flow', `getByRole('button', { name: '${name}', exact: true })`, { scope: flow });
  const popup = context.waitForEvent('page');
  await (await readme.locate('act on a flow', "getByRole('button', { name: 'Open', exact: true })", { scope: flow })).click();
  await readme.value("a flow's parts", status, 'Waiting for completion');
  await (await popup).getByRole('button', { name: 'Approve' }).click();
  await readme.value("a flow's parts", status, 'Completed');
  await readme.locate('act on a flow', "getByRole('button', { name: 'Dismiss', exact: true })", { scope: flow });

  // -32042: consent is local, and the person may say the flow is done.
  await app.runTool('link_account_first');
  const flows = page.getByRole('region', { name: 'URL flows' }).getByRole('article');
  const required = flows.filter({ hasText: 'link_account_first' });
  const consentPage = context.waitForEvent('page');
  await required.getByRole('button', { name: 'Open', exact: true }).click();
  await (await consentPage).close();
  await readme.locate('act on a flow', "getByRole('button', { name: 'Mark as done', exact: true })", { scope: required });

  await app.runTool('never_completes');
  const neverCompletes = flows.filter({ hasText: 'never_completes' });
  const neverPage = context.waitForEvent('page');
  await neverCompletes.getByRole('button', { name: 'Open', exact: true }).click();
  await (await neverPage).close();
  await readme.value("a flow's parts", neverCompletes.getByRole('status', { name: 'Flow status' }), 'Finished, no completion reported');
});

test('URL flows folded while a form waits, and unfolded', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  await app.runTool('connect_account');
  await app.runTool('collect_profile');
  const unfold = await readme.locate('URL flows folded for a form', "getByRole('button', { name: 'Unfold URL flows' })");
  await unfold.click();
  const fold = await readme.locate('URL flows folded for a form', "getByRole('button', { name: 'Fold URL flows' })");
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
});

test('every locator span of the rows this spec walks was tried on the page', () => {
  expectEveryLocatorTried(ROWS, SESSION_ROWS, coverage);
});

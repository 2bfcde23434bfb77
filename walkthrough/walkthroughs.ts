/**
 * What `elicitation-inspector demo` shows: each kind of elicitation on the demo server,
 * or each tool of a user's server, done as a person would, step by step.
 */
import type { Page } from 'playwright-core';
import type { WalkthroughPage } from './walkthrough-page';

const STEP_TIMEOUT_MS = 30_000;

async function runTool(demo: WalkthroughPage, name: string): Promise<void> {
  const { page } = demo;
  await demo.act(page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name, exact: true }), `pick ${name}`, (l) => l.click());
  await demo.act(page.getByRole('button', { name: 'Run tool' }), `run ${name}`, (l) => l.click());
}

function form(page: Page) {
  return page.getByRole('region', { name: 'Pending requests' }).getByRole('article', { name: /^Elicitation / });
}

function result(page: Page) {
  return page.getByRole('list', { name: 'Calls' }).getByRole('listitem').first().getByRole('region', { name: 'Result' });
}

/** The demo server: a two-step form, a declined form, and a URL flow approved on its consent page. */
export async function demoWalkthrough(demo: WalkthroughPage): Promise<void> {
  const { page } = demo;
  await demo.caption('The inspector is connected to its demo MCP server. Each tool shows one elicitation situation.');
  await demo.shot('connected');

  await demo.caption('Form mode: plan_trip asks two questions, the second shaped by the first.');
  await runTool(demo, 'plan_trip');
  await form(page).waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.caption('The server asks where you are going. The form is built from its requestedSchema.');
  await demo.act(form(page).getByLabel('Destination', { exact: true }), 'choose destination', (l) => l.selectOption('Kyoto').then(() => undefined));
  await demo.act(form(page).getByLabel('Departure date', { exact: true }), 'fill date', (l) => l.fill('2027-04-02'));
  await demo.act(form(page).getByRole('button', { name: 'Accept', exact: true }), 'accept step 1', (l) => l.click());
  await form(page).filter({ hasText: 'Step 2 of 2' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.caption('Step 2 knows your answer: a seat to Kyoto.');
  await demo.act(form(page).getByLabel('Seat', { exact: true }), 'choose seat', (l) => l.selectOption({ label: 'Window' }).then(() => undefined));
  await demo.act(form(page).getByRole('button', { name: 'Accept', exact: true }), 'accept step 2', (l) => l.click());
  await result(page).waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.caption('The tool call completes with the booking; every message is in the log below.');
  await demo.shot('form result');

  await demo.caption('Declining is an answer too: collect_profile asks for a profile, and we decline.');
  await runTool(demo, 'collect_profile');
  await form(page).waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.act(form(page).getByRole('button', { name: 'Decline', exact: true }), 'decline', (l) => l.click());
  await result(page).filter({ hasText: 'decline' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.shot('declined');

  await demo.caption('URL mode: connect_account asks you to visit a consent page. Nothing is opened until you click.');
  await runTool(demo, 'connect_account');
  const flow = page
    .getByRole('region', { name: 'URL flows' })
    .getByRole('article', { name: /^URL elicitation / })
    .first();
  await flow.waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.caption('The inspector shows the full URL, its host and its checks before you consent.');
  const consentTab = page.context().waitForEvent('page', { timeout: STEP_TIMEOUT_MS });
  await demo.act(flow.getByRole('button', { name: 'Open', exact: true }), 'open url', (l) => l.click());
  const tab = await consentTab;
  await tab.waitForLoadState();
  await tab.getByRole('button', { name: 'Approve' }).click();
  // The consent page posts the decision and shows the outcome: closed once it has.
  await tab.getByText('You can close this tab').waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.closeTab(tab);
  await flow
    .getByRole('status', { name: 'Flow status' })
    .filter({ hasText: /^Completed$/ })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await demo.caption('Approved on the consent page: the server reports completion, and the call returns.');
  await demo.shot('url flow completed');
}

/** A user's server: call each tool it lists with no arguments; accept forms as shown, decline URL flows. */
export async function targetWalkthrough(demo: WalkthroughPage): Promise<string[]> {
  const { page } = demo;
  const options = page.getByRole('listbox', { name: 'Tools' }).getByRole('option');
  await options.first().waitFor({ timeout: STEP_TIMEOUT_MS });
  // An option's accessible name is its first line, the tool's name (its title is the description).
  const tools = (await options.evaluateAll((rows) => rows.map((row) => row.firstElementChild?.textContent?.trim() ?? ''))).filter(Boolean);
  await demo.caption(`Connected. The server lists ${tools.length} tool(s): each is called in turn.`);
  await demo.shot('connected');
  for (const name of tools) {
    await demo.caption(`Calling ${name}`);
    await runTool(demo, name);
    const asked = form(page).or(
      page
        .getByRole('region', { name: 'URL flows' })
        .getByRole('article', { name: /^URL elicitation / })
        .first(),
    );
    const ended = page.getByRole('list', { name: 'Calls' }).getByRole('listitem').first().getByRole('status', { name: 'Call status' });
    await asked
      .or(ended.filter({ hasNotText: /^Waiting/ }))
      .first()
      .waitFor({ timeout: STEP_TIMEOUT_MS })
      .catch(() => undefined); // a slow tool: screenshot it as it is
    if (await form(page).count()) {
      await demo.caption(`${name} asks: accepting the form as shown`);
      await demo.act(form(page).getByRole('button', { name: 'Accept', exact: true }), `${name} accept`, (l) => l.click());
    }
    await demo.shot(`${name} result`);
  }
  return tools;
}

/**
 * App-rendered forms (SEP-3118) as a person sees them: the server's MCP App in a
 * sandboxed frame beside the native form. The proxy's side (the capability, the
 * served document and its CSP, the check of the app's answer) is covered by
 * server/integration/app-elicitation.test.ts.
 */
import { expect } from 'elicitation-inspector/playwright';
import { changeAndReconnect, switchOnAndReconnect } from './support/client-settings';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectRowTried } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

const ROW = 'an app-rendered form';

test.use({ inspectorShared: true, inspectorArgs: ['--protocol', '2026-07-28'] });

test("a well-behaved app answers the form from its own page, and the answer is the app's", async ({ app }) => {
  await app.waitConnected();
  await switchOnAndReconnect(app, /^App-rendered forms/);
  await app.runTool('choose_plan_app');
  const card = app.elicitation();
  const view = card.getByRole('region', { name: 'App view' });
  // The frame is the app's sandbox, on the inspector's second origin; the app's document is the frame inside it.
  const frame = view.frameLocator('iframe[title="App ui://demo/choose-plan"]').frameLocator('iframe[title="App document"]');
  await expect(frame.getByRole('heading')).toHaveText('Choose a plan for your team.');
  await expect(view.getByRole('status', { name: 'App view status' })).toHaveText('The app has the request: answer in it, or with the form below.');
  // The native form stays beside it, as the fallback.
  await expect(card.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
  await frame.getByRole('button', { name: /^enterprise/ }).click();
  await frame.getByLabel('Seats').fill('40');
  await test.info().attach('app view', { body: await app.page.screenshot(), contentType: 'image/png' });
  await frame.getByRole('button', { name: 'Confirm plan' }).click();
  await expect(app.result()).toHaveText('choose_plan_app: accepted {"plan":"enterprise","seats":40}');
});

test('a hostile app cannot navigate the page or read it or its token, its stray messages are findings, and its invalid answer is refused', async ({ app }) => {
  // Found by the locators of docs/playwright.md's row, as written there.
  const table = readPlaywrightTable();
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(table, app.page, coverage);
  await app.waitConnected();
  await changeAndReconnect(app, async (form) => (await readme.locate(ROW, 'getByLabel(/^App-rendered forms/)', { scope: form })).check());
  const address = app.page.url();
  await app.runTool('hostile_app');
  const card = app.elicitation();
  const view = await readme.locate(ROW, "….getByRole('region', { name: 'App view' })", { scope: card });
  await readme.locate(ROW, '….getByTitle(/^App ui:/)', { scope: view });
  await readme.locate(ROW, "….getByRole('status', { name: 'App view status' })", { scope: view });
  await expect(await readme.locate(ROW, "….getByRole('alert', { name: 'App answer refused' })", { scope: view })).toContainText(
    'The content does not match the requested schema',
  );
  expectRowTried(table, ROW, coverage);
  const findings = card.getByRole('group', { name: 'Findings' });
  await expect(findings).toContainText('APP-ANSWER-INVALID', { ignoreCase: true });
  await expect(findings).toContainText('not JSON-RPC 2.0');
  await expect(findings).toContainText('asked for tools/call');
  // Navigating the top window, reading the page's document, reading its address (and the token in it).
  await expect(findings.getByText(/was stopped by the sandbox/)).toHaveCount(3);
  await test.info().attach('hostile app', { body: await app.page.screenshot(), contentType: 'image/png' });
  // The page is whole: same address, still answering; the native form answers instead.
  expect(app.page.url()).toBe(address);
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(app.result()).toHaveText('hostile_app: accepted {"plan":"team","seats":5}');
});

test('an app view’s frame is pointed at its sandbox only once the page listens for it, and the app starts', async ({ app }) => {
  // The sandbox says it is ready once, as soon as it runs, and a same-site frame can run before a
  // page's later work: the page must listen before its frame can load. Whether it does is noted here,
  // each time a frame is given an app view's address (React sets an attribute, a script the property).
  await app.page.addInitScript(() => {
    const listeners = new Set<unknown>();
    const loads: boolean[] = [];
    Object.assign(window, { appFrameLoads: loads });
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    window.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
      if (type === 'message') listeners.add(listener);
      add(type, listener, options);
    }) as typeof window.addEventListener;
    window.removeEventListener = ((type: string, listener: EventListener, options?: EventListenerOptions) => {
      if (type === 'message') listeners.delete(listener);
      remove(type, listener, options);
    }) as typeof window.removeEventListener;
    const note = (element: Element, name: string, value: unknown) => {
      if (element instanceof HTMLIFrameElement && name.toLowerCase() === 'src' && String(value).includes('/app-view/')) loads.push(listeners.size > 0);
    };
    const setAttribute = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
      note(this, name, value);
      setAttribute.call(this, name, value);
    };
    const src = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src');
    Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
      ...src,
      set(this: HTMLIFrameElement, value: string) {
        note(this, 'src', value);
        src?.set?.call(this, value);
      },
    });
  });
  await app.page.reload();
  await app.waitConnected();
  await switchOnAndReconnect(app, /^App-rendered forms/);
  await app.runTool('choose_plan_app');
  const view = app.elicitation().getByRole('region', { name: 'App view' });
  await expect(view.getByRole('status', { name: 'App view status' })).toHaveText('The app has the request: answer in it, or with the form below.');
  expect(
    await app.page.evaluate(() => (window as unknown as { appFrameLoads: boolean[] }).appFrameLoads),
    'listening when the frame was given its sandbox',
  ).toEqual([true]);
  const frame = view.frameLocator('iframe[title="App ui://demo/choose-plan"]').frameLocator('iframe[title="App document"]');
  await frame.getByRole('button', { name: /^enterprise/ }).click();
  await frame.getByRole('button', { name: 'Confirm plan' }).click();
  await expect(app.result()).toHaveText('choose_plan_app: accepted {"plan":"enterprise","seats":5}');
});

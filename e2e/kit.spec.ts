/**
 * The Playwright kit (elicitation-inspector/playwright) as a user's test drives it:
 * the fixture's targets, the page object's intents, its errors, and its clean-up.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { expect, InspectorPage, startInspector } from 'elicitation-inspector/playwright';
import { demoStdio, ended, targetStdio } from './support/processes';
import { test } from './support/test';

test('a two-step form: message, mode and fields read, filled by title, accepted; the result and the story', async ({ app }) => {
  await app.callTool('plan_trip');
  const first = await app.nextElicitation();
  expect(first.mode).toBe('form');
  if (first.mode !== 'form') return;
  expect(await first.message()).toBe('Step 1 of 2: where are you going?');
  expect((await first.fields()).map((f) => f.title)).toEqual(expect.arrayContaining(['Destination', 'Departure date']));
  await first.fill('Destination', 'Kyoto');
  await first.accept({ 'Departure date': '2027-04-02' });
  const second = await app.nextForm();
  expect(await second.message()).toContain('Step 2 of 2: your seat to Kyoto on 2027-04-02.');
  await second.fill('Seat', 'Window');
  await second.accept();
  expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'plan_trip: booked 1 to Kyoto on 2027-04-02, window seat with a meal' });
  expect(await app.logEntryTexts('input-responses')).toHaveLength(2);
  const story = await app.callStory('c1');
  expect(story.findIndex((s) => /ended: result/.test(s))).toBeGreaterThan(story.findIndex((s) => /accept/.test(s)));
});

test('decline and cancel reach the server as those actions', async ({ app }) => {
  await app.callTool('plan_trip');
  await (await app.nextElicitation()).decline();
  expect((await app.callOutcome()).result).toMatch(/decline/);
  await app.callTool('plan_trip');
  await (await app.nextElicitation()).cancel();
  expect((await app.callOutcome()).result).toMatch(/cancel/);
});

test("after connecting again, nextForm() returns the new session's first form, which has the same name as the old one's", async ({ app }) => {
  await app.callTool('plan_trip');
  await (await app.nextForm()).decline();
  expect((await app.callOutcome()).result).toMatch(/decline/);
  // A new session numbers its requests from e1 again: "Elicitation e1" is a form this page object has not returned.
  const demo = demoStdio();
  await app.connect({ transport: 'stdio', command: demo.command, args: demo.args });
  await app.waitConnected();
  await app.callTool('plan_trip');
  const first = await app.nextForm();
  expect(await first.message()).toBe('Step 1 of 2: where are you going?');
  await first.cancel();
  expect((await app.callOutcome()).result).toMatch(/cancel/);
});

test.describe('URL flows', () => {
  test.use({ inspectorProtocol: '2025-11-25' });

  test('url, checks, consent in a new tab, completion and the result', async ({ app }) => {
    await app.callTool('connect_account');
    const next = await app.nextElicitation();
    expect(next.mode).toBe('url');
    if (next.mode !== 'url') return;
    const flow = next;
    expect(await flow.url()).toMatch(/^http:\/\/localhost:\d+\/consent\//);
    expect(await flow.checks()).toEqual(expect.any(Array));
    await expect(flow.status()).toHaveText('Waiting for consent');
    const tab = await flow.consent();
    await tab.getByRole('button', { name: 'Approve' }).click();
    await expect(flow.status()).toHaveText('Completed');
    expect((await app.callOutcome()).result).toContain('connect_account: approved on the provider');
  });

  test('a look-alike host is among the URL checks', async ({ app }) => {
    await app.callTool('lookalike_url');
    const flow = await app.nextUrlFlow();
    expect((await flow.checks()).join('\n')).toMatch(/xn--|look/i);
    await flow.decline();
    await expect(flow.status()).toHaveText('Declined');
  });
});

test.describe('a stdio target named by argv', () => {
  test.use({ inspectorTarget: targetStdio('html-text') });

  test('the page opens connected to it', async ({ app }) => {
    await expect(app.page.getByLabel('Server', { exact: true })).not.toContainText('Elicitation demo server');
    await expect(app.tools.getByRole('option')).not.toHaveCount(0);
  });
});

test.describe('a URL target with headers', () => {
  const authed = test.extend({
    inspectorTarget: async ({ authServer }, use) => use({ url: `http://127.0.0.1:${authServer.port}/mcp`, headers: { Authorization: 'Bearer secret-token' } }),
  });

  authed('the header reaches the server', async ({ app }) => {
    await app.callTool('whoami');
    expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'you hold the token' });
  });
});

// A failed wait takes its full time: a short one, which the messages name.
test.describe('with a 3 s control wait', () => {
  test.use({ inspectorControlWaitMs: 3000 });

  test('errors say what was expected and what the page showed', async ({ app }) => {
    await expect(app.nextElicitation(1000)).rejects.toThrow(
      /Expected a new elicitation within 1000 ms; the page shows: connection Connected; 0 form\(s\) pending/,
    );
    await expect(app.callTool('no_such_tool')).rejects.toThrow(/Expected a tool named "no_such_tool"; the Tools list shows: .*echo/);
    await expect(app.callStory('c9')).rejects.toThrow(/Expected a call c9 in the log's Calls within 3000 ms/);
    await app.callTool('plan_trip');
    const form = await app.nextForm();
    await expect(app.nextUrlFlow(1000)).rejects.toThrow(/Expected a new elicitation within 1000 ms/);
    await app.callTool('javascript_url');
    await expect(app.nextForm()).rejects.toThrow(/Expected a form elicitation; the next one is a URL flow/);
    await expect(form.fill('Nickname', 'x')).rejects.toThrow(
      /No field titled "Nickname" in the elicitation form; the form shows: "Destination", "Departure date"/,
    );
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new InspectorPage(app.page, app.inspector, { controlWaitMs: bad })).toThrow(
        `The kit's control wait must be a positive number of milliseconds; it was given ${String(bad)}.`,
      );
    }
  });
});

test('stop ends the inspector and the server it started, and removes its data folder', async () => {
  const inspector = await startInspector({ target: targetStdio('html-text') });
  expect(inspector.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{48}$/);
  const pid = inspector.process.pid!;
  let children: number[] = [];
  await expect.poll(() => (children = childrenOf(pid)).length).toBeGreaterThan(0);
  await inspector.stop();
  expect(await ended(pid)).toBe(true);
  for (const child of children) expect(await ended(child)).toBe(true);
  expect(existsSync(inspector.dataDir)).toBe(false);
});

/** Direct children of a process, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

/**
 * Every method of the kit's page object, called after one another in more than one
 * order, from whatever tab or panel the method before left on screen. Written as a
 * user's spec (it imports only the package and Node), so it also runs in a folder where
 * only the packed tarball is installed (package.spec.ts). Each test there starts an inspector, its
 * server and a page: calls that can follow one another on the same options and the same connection
 * are one test (after a reconnection a form can take the key of one already seen, so those stay apart).
 */
import { createRequire } from 'node:module';
import { expect, test } from 'elicitation-inspector/playwright';

/** server-everything, installed beside the kit (a devDependency here, installed in the user's folder there). */
const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

test('log, story and outcome methods work from any log view and feature tab', async ({ app }) => {
  await app.callTool('plan_trip');
  await app.nextForm();
  await app.answer('Accept', { Destination: 'Kyoto', 'Departure date': '2027-04-02' });
  await (await app.nextForm()).accept({ Seat: 'Window' });
  // The story leaves the log on its Calls view; the entries, a search and the outcome are still read.
  expect(await app.callStory('plan_trip')).toContainEqual(expect.stringMatching(/accept/));
  expect(await app.logEntryTexts('input-responses')).toHaveLength(2);
  expect(await app.callStory('c1')).toContainEqual(expect.stringMatching(/ended: result/));
  await app.showLog('Timeline');
  await app.searchLog('tools/call');
  await expect(app.logRow('tools/call').first()).toBeVisible();
  await app.showLog('Timeline');
  expect(await app.logEntryTexts('input-responses')).toHaveLength(2);
  // A prompt's outcome is the prompt's, read in its own view even after the log and the Tools tab were shown.
  await app.getPrompt('write_announcement', { topic: 'the new kite' });
  await (await app.nextForm()).accept({ Tone: 'formal' });
  await app.showFeatures('Tools');
  await app.showLog('Calls');
  expect((await app.callOutcome()).result).toContain('Write a formal announcement about the new kite.');
  await app.readResource('readme');
  expect(await app.callOutcome()).toMatchObject({ status: 'Completed' });
  await app.showFeatures('Prompts');
  await app.runTool('echo', { text: 'twice' });
  expect(await app.callOutcome()).toMatchObject({ status: 'Completed' });
  await expect(app.callStatus()).toHaveText('Completed');
  await expect(app.result()).toContainText('twice');
  await app.showLog('Calls');
  expect(await app.callStory('echo')).toContainEqual(expect.stringMatching(/ended: result/));
});

// A failed wait takes its full time: these use a short one, and the messages say it.
test.describe('with a 3 s control wait', () => {
  test.use({ inspectorControlWaitMs: 3000 });

  test('a wait that cannot end, and a control gone or never there, say what was expected and what the page shows, from any view', async ({ app }) => {
    await app.showLog('Calls');
    await expect(app.callStory('c9')).rejects.toThrow(
      /Expected a call c9 in the log's Calls within 3000 ms; the Calls view lists: no calls \(connection Connected/,
    );
    await app.showFeatures('Resources');
    await expect(app.getPrompt('no_such_prompt')).rejects.toThrow(/Expected a prompt named "no_such_prompt"; the Prompts list shows: write_announcement/);
    await expect(app.answer('Accept')).rejects.toThrow(
      /Expected an elicitation form to accept within 3000 ms; the page shows: connection Connected; 0 form\(s\) pending/,
    );
    // Then, from the Prompts tab the failed prompt left on screen, a form and a tool.
    await app.callTool('plan_trip');
    const form = await app.nextForm();
    await form.decline();
    await expect(form.accept()).rejects.toThrow(/Expected an elicitation form with its Accept button within 3000 ms; the page shows: /);
    await expect(app.runTool('echo', { Nickname: 'x' })).rejects.toThrow(/Expected a field labelled "Nickname" in the form of tool echo within 3000 ms/);
  });
});

test.describe('URL flows, 2025-11-25', () => {
  test.use({ inspectorProtocol: '2025-11-25' });

  test('a -32042 flow: markDone before consent says so, after consent it retries; then flow reads in any order, cancel, decline', async ({ app }) => {
    await app.showLog('Calls');
    await app.runTool('link_account_first');
    const first = await app.nextUrlFlow();
    await expect(first.markDone()).rejects.toThrow(/markDone\(\): the URL flow is Waiting for consent; consent\(\) first/);
    expect(await first.fields()).toEqual([]);
    const unapproved = await first.consent();
    await unapproved.close();
    await expect(first.status()).toHaveText('Waiting for completion');
    await expect(first.timeline()).toContainText('You consented');
    await first.markDone();
    // Marked done without approving on its page: the call is retried, meets the same -32042, and the inspector stops there.
    const retried = await app.callOutcome();
    expect(retried.status).toBe('Protocol error');
    expect(retried.result).toContain('stopped retrying');
    await app.showFeatures('Resources');
    await app.runTool('link_account_first');
    const second = await app.nextUrlFlow();
    expect(await second.message()).toContain('Link your Demo Provider account first.');
    const tab = await second.consent();
    await tab.getByRole('button', { name: 'Approve' }).click();
    expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'link_account_first: the account is linked, here are your 3 repositories' });
    // The next flows, on the same page: read in any order, then cancelled and declined.
    await app.callTool('lookalike_url');
    const flow = await app.nextUrlFlow();
    await expect(flow.status()).toHaveText('Waiting for consent');
    expect((await flow.checks()).join('\n')).toMatch(/xn--/);
    expect(await flow.url()).toMatch(/xn--/);
    expect(await flow.message()).not.toBe('');
    await flow.cancel();
    await expect(flow.status()).toHaveText('Cancelled');
    await expect(flow.decline()).rejects.toThrow(/Expected a URL flow waiting for consent \(a "Decline" button; the flow's status is Cancelled\)/);
    await app.runTool('connect_account');
    const next = await app.nextElicitation();
    expect(next.mode).toBe('url');
    await next.decline();
    expect((await app.callOutcome()).result).toMatch(/decline/);
    await expect(app.urlFlow()).toBeVisible();
  });
});

test.describe('sampling', () => {
  test.use({ inspectorArgs: ['--sampling'] });

  test('requests read and answered in both orders', async ({ app }) => {
    await app.runTool('ask_model', { question: 'Name a colour for a kite.' });
    const first = await app.nextSamplingRequest();
    expect(await first.systemPrompt()).toBe('You are a terse design assistant.');
    expect(await first.messages()).toEqual(['user: Name a colour for a kite.']);
    await first.replyWith({ role: 'assistant', content: { type: 'text', text: 'Blue.' }, model: 'by-hand', stopReason: 'endTurn' });
    expect((await app.callOutcome()).result).toContain('Blue.');
    await app.showLog('Calls');
    await app.callTool('ask_model', { question: 'And a tail?' });
    const second = await app.nextSamplingRequest();
    expect(await second.messages()).toEqual(['user: And a tail?']);
    await second.reply('Red.');
    expect((await app.callOutcome()).result).toContain('Red.');
  });
});

test.describe("server-everything's 13-field form", () => {
  test.use({ inspectorTarget: { command: process.execPath, args: [EVERYTHING, 'stdio'] } });

  test('fields are the 13 titles, only String required; a multi-select is filled by its labels; blocks are read apart', async ({ app }) => {
    const unknown = String(await app.callTool('no_such_tool').catch((error: unknown) => error));
    // Each tool by the name it is listed under, apart from its title (server-everything gives each one).
    expect(unknown).toMatch(/the Tools list shows: [^(]*\becho, /);
    expect(unknown).not.toContain('echoEcho');
    await app.runTool('trigger-elicitation-request');
    const form = await app.nextForm();
    await form.fill('Titled Multiple Select Enum', ['Salmon', 'Trout']);
    const fields = await form.fields();
    expect(fields).toHaveLength(13);
    expect(fields.filter((f) => f.isRequired).map((f) => f.title)).toEqual(['String']);
    expect(fields.map((f) => f.title)).toContain('Untitled Multiple Select Enum');
    await expect(form.fill('Untitled Multiple Select Enum', ['Banjo'])).rejects.toThrow(
      /"Untitled Multiple Select Enum" has no option "Banjo"; it offers: "Guitar"/,
    );
    await form.fill('Untitled Multiple Select Enum', ['Piano', 'Drums']);
    await form.accept({ String: 'Grace Hopper' });
    const { result } = await app.callOutcome();
    expect(result).not.toMatch(/information!User/);
    expect(result).toMatch(/User provided the requested information!\n/);
    expect(result).toMatch(/"titledMultipleSelectEnum": \[\s*"fish-2",\s*"fish-3"\s*\]/);
    expect(result).toMatch(/"untitledMultipleSelectEnum": \[\s*"Piano",\s*"Drums"\s*\]/);
  });

  test('the connection is ended and made again from the form, then a form filled before its fields are read', async ({ app }) => {
    await app.showLog('Timeline');
    await app.disconnect();
    await app.connect({ transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] });
    await app.waitConnected();
    await app.callTool('trigger-elicitation-request');
    const form = await app.nextForm();
    await form.fill('String', 'Ada');
    expect((await form.fields()).find((f) => f.title === 'Boolean')).toEqual({ title: 'Boolean', isRequired: false });
    await form.cancel();
    expect((await app.callOutcome()).result).toContain('cancel');
    expect(await app.describe()).toMatch(/^connection Connected; 0 form\(s\) pending/);
    await app.openConnection();
    await app.disconnect();
  });
});

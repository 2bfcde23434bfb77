/**
 * Prompts and resources in the page, on the demo server: a prompt whose prompts/get
 * asks for its tone and a resource template whose read asks first, on both eras
 * (2026-07-28 input_required rounds; pushed elicitation/create on 2025), with the
 * same forms, call cards and log story as a tool call.
 */
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorShared: true });

test.beforeEach(async ({ app }) => {
  await app.waitConnected();
});

test('a prompt asks for its tone in a round, and its messages are the result', async ({ app, page }) => {
  await app.getPrompt('write_announcement', { topic: 'the launch' });
  const form = await app.nextForm();
  expect(await form.message()).toBe('Which tone for the announcement about the launch?');
  await form.fill('Tone', 'formal');
  await page.screenshot({ path: test.info().outputPath('prompt-form.png') });
  await form.accept();
  await expect(app.result().getByRole('list', { name: 'Prompt messages' })).toHaveText('userWrite a formal announcement about the launch.');
  await expect(app.callStatus()).toHaveText('Completed');
  await page.screenshot({ path: test.info().outputPath('prompt-result.png') });
  const story = await app.callStory('c1');
  expect(story.join('\n')).toMatch(/prompts\/get write_announcement/);
  expect(story.join('\n')).toMatch(/accept/);
  await app.log.getByRole('tab', { name: 'Entries' }).click();
  await app.searchLog('input-responses');
  await expect(app.logRow(/round 2 \(input-responses\)/)).toHaveCount(1);
});

test('a required prompt argument is marked, and Get prompt says it is missing', async ({ app }) => {
  await app.showFeatures('Prompts');
  await app.prompts.getByRole('option', { name: 'write_announcement', exact: true }).click();
  const panel = app.page.getByRole('region', { name: 'Prompt', exact: true });
  await expect(panel.getByLabel('topic', { exact: true })).toHaveAttribute('aria-required', 'true');
  await expect(panel.getByLabel('audience', { exact: true })).not.toHaveAttribute('aria-required', 'true');
  await panel.getByRole('button', { name: 'Get prompt' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Fill in topic: the prompt requires it.');
  await expect(app.calls.getByRole('listitem')).toHaveCount(0);
});

test('a resource template is filled in, its read asks first, and the text is the result', async ({ app, page }) => {
  await app.readResource('secret_note', { name: 'q3 plan' });
  const form = await app.nextForm();
  expect(await form.message()).toBe('Show the secret note "q3 plan"?');
  await form.accept({ 'Show the note': true });
  const contents = app.result().getByRole('list', { name: 'Resource contents' });
  await expect(contents).toContainText('demo://notes/q3%20plan');
  await expect(contents).toContainText('secret_note q3 plan: the meeting moved to Thursday');
  await page.screenshot({ path: test.info().outputPath('resource-result.png') });
  expect((await app.callStory('c1')).join('\n')).toMatch(/resources\/read demo:\/\/notes\/q3%20plan/);
});

test('a binary resource is named by its size and a small raster image is drawn', async ({ app }) => {
  await app.readResource('dot');
  const contents = app.result().getByRole('list', { name: 'Resource contents' });
  await expect(contents).toContainText('Binary content, 70 bytes.');
  await expect(contents.getByRole('img', { name: 'Image read from demo://dot.png' })).toBeVisible();
});

test.describe('on a 2025-11-25 connection', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test('the prompt and the resource ask with pushed elicitation/create requests', async ({ app }) => {
    await expect(app.protocolVersion).toHaveText('2025-11-25');
    await app.getPrompt('write_announcement', { topic: 'tea', audience: 'the office' });
    const tone = await app.nextForm();
    await tone.fill('Tone', 'playful');
    await tone.accept();
    await expect(app.result()).toContainText('Write a playful announcement about tea for the office.');
    await app.readResource('secret_note', { name: 'n1' });
    await (await app.nextForm()).decline();
    await expect(app.result()).toContainText('secret_note n1: not shown');
    await app.searchLog('elicitation/create');
    await expect(app.logRow(/elicitation\/create #/)).toHaveCount(2);
  });
});

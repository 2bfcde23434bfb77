/**
 * A scenario step's moves, made in the page the way a person makes them: pick
 * the tool, type its arguments, run it, and answer each elicitation with the
 * page's own controls. Everything is located by role and accessible name, as
 * the README's Playwright table lists them.
 */
import type { Locator, Page } from 'playwright-core';
import type { EventOf } from '../server/wire/events';
import type { RuleAnswer } from '../server/wire/rules';
import { defaultedKeys, planForm, type FieldFill } from './demo-form-plan';
import type { DemoSessionFeed } from './demo-session-feed';
import { formContent } from '../server/rules/rule-answer';
import type { WalkthroughPage } from './walkthrough-page';

/** Long enough for a slow machine to render a form; a missing control is reported, never waited on for ever. */
export const UI_TIMEOUT_MS = 30_000;
/** How long an answer may take to reach the server before the page is read for why it did not. */
const ANSWER_SENT_MS = 10_000;

/** What playing one answer came to: sent, or not, and why (a failure of the step). */
export type PlayedAnswer = { isSent: true; note?: string } | { isSent: false; why: string };

export function toolRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Tool', exact: true });
}

/** Pick the tool and type its arguments: into the form's fields when they can say them exactly, else as JSON. */
export async function prepareTool(demo: WalkthroughPage, name: string, inputSchema: unknown, args: Record<string, unknown>): Promise<string | undefined> {
  const { page } = demo;
  const option = page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name, exact: true });
  try {
    await option.waitFor({ timeout: UI_TIMEOUT_MS });
  } catch {
    // Said as the step's failure: a scenario naming a tool the server does not list.
    const listed = await page.getByRole('listbox', { name: 'Tools' }).getByRole('option').allTextContents();
    return `the Tools list has no ${name} (it shows ${listed.length} tool(s))`;
  }
  await demo.act(option, `pick ${name}`, (l) => l.click());
  const tool = toolRegion(page);
  await tool.getByRole('heading', { name, exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  if (Object.keys(args).length === 0) return undefined;
  const plan = planForm(inputSchema, args);
  // A field left at its default would be sent too; `run` sends the arguments alone, so the demo does as well.
  const isExact = plan.kind === 'fields' && defaultedKeys(inputSchema).every((key) => key in args);
  if (plan.kind === 'fields' && isExact) {
    await fillFields(demo, tool, plan.fields);
    return undefined;
  }
  await tool.getByLabel('Edit arguments as JSON').setChecked(true);
  await demo.act(tool.getByLabel('Arguments JSON'), `${name} arguments`, (l) => l.fill(JSON.stringify(args, null, 2)));
  return undefined;
}

export async function fillFields(demo: WalkthroughPage, container: Locator, fields: FieldFill[]): Promise<void> {
  for (const field of fields) {
    const name = `fill ${field.label}`;
    if (field.kind === 'multi') {
      const group = container.getByRole('group', { name: field.label, exact: true });
      const boxes = await group.getByRole('checkbox').all();
      for (const box of boxes) {
        const label = ((await box.evaluate((element) => element.parentElement?.textContent ?? '')) || '').trim();
        const isWanted = field.value.includes(label);
        if ((await box.isChecked()) !== isWanted) await demo.act(box, `${name} ${label}`, (l) => l.setChecked(isWanted));
      }
      continue;
    }
    const control = container.getByLabel(field.label, { exact: true });
    if (field.kind === 'checkbox') await demo.act(control, name, (l) => l.setChecked(field.value));
    else if (field.kind === 'select') await demo.act(control, name, (l) => l.selectOption({ label: field.value }).then(() => undefined));
    else await demo.act(control, name, (l) => l.fill(field.value));
  }
}

/** The elicitation's card on screen; a queued one is brought forward from the queue first. */
async function elicitationCard(page: Page, elicitation: EventOf<'elicitation'>): Promise<Locator> {
  if (elicitation.mode === 'url') {
    const flows = page.getByRole('region', { name: 'URL flows' });
    const card = flows.getByRole('article', { name: `URL elicitation ${elicitation.key}`, exact: true });
    await card.waitFor({ timeout: UI_TIMEOUT_MS });
    // While a form waits the flows are folded to one line each: unfold them to reach Open.
    const unfold = flows.getByRole('button', { name: 'Unfold URL flows' });
    if (await unfold.isVisible()) await unfold.click();
    return card;
  }
  const card = page.getByRole('region', { name: 'Pending requests' }).getByRole('article', { name: `Elicitation ${elicitation.key}`, exact: true });
  const message = typeof elicitation.params.message === 'string' ? elicitation.params.message : '';
  const tab = page
    .getByRole('tablist', { name: 'Elicitation queue' })
    .getByRole('tab')
    .filter({ hasText: message.slice(0, 60) });
  await card.or(tab).first().waitFor({ timeout: UI_TIMEOUT_MS });
  if (!(await card.isVisible()) && (await tab.count())) await tab.first().click();
  return card;
}

/** Answer one elicitation in the page as `answer` says; waits until the log has the answer. */
export async function playAnswer(demo: WalkthroughPage, feed: DemoSessionFeed, elicitation: EventOf<'elicitation'>, answer: RuleAnswer): Promise<PlayedAnswer> {
  const card = await elicitationCard(demo.page, elicitation);
  await card.waitFor({ timeout: UI_TIMEOUT_MS });
  if (answer.delayMs) {
    await demo.caption(`Waiting ${answer.delayMs} ms before answering, as the step says.`);
    await demo.page.waitForTimeout(answer.delayMs);
  }
  if (answer.action === 'none') return { isSent: false, why: 'the answer "none" has no control in the page' };
  if (answer.action === 'decline' || answer.action === 'cancel') {
    const label = answer.action === 'decline' ? 'Decline' : 'Cancel';
    await demo.act(card.getByRole('button', { name: label, exact: true }), label.toLowerCase(), (l) => l.click());
    return sent(demo, feed, card, elicitation);
  }
  if (elicitation.mode === 'url') return consent(demo, feed, card, elicitation, answer.markComplete === true);
  const schema = elicitation.params.requestedSchema;
  const content = answer.content ?? {};
  const plan = answer.skipValidation ? { kind: 'json' as const } : planForm(schema, content);
  if (plan.kind === 'fields') await fillFields(demo, card, plan.fields);
  else {
    // The content a rule's accept sends: the scenario's values over the form's defaults, or as written.
    await card.getByLabel('Edit as JSON').setChecked(true);
    await demo.act(card.getByLabel('Content JSON'), 'content as JSON', (l) => l.fill(JSON.stringify(formContent(schema, answer), null, 2)));
  }
  if (answer.skipValidation) await card.getByLabel('Send without validating').setChecked(true);
  await demo.act(card.getByRole('button', { name: 'Accept', exact: true }), 'accept', (l) => l.click());
  const outcome = await sent(demo, feed, card, elicitation);
  if (outcome.isSent) return outcome;
  // As `run` does with content the schema refuses: nothing was sent, so the elicitation is cancelled.
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
  return outcome;
}

/** Consent to a URL flow: Open (a new tab, closed again), then Done, retry (2026-07-28) or Mark as done when asked. */
async function consent(
  demo: WalkthroughPage,
  feed: DemoSessionFeed,
  card: Locator,
  elicitation: EventOf<'elicitation'>,
  isMarkDone: boolean,
): Promise<PlayedAnswer> {
  const open = card.getByRole('button', { name: 'Open', exact: true });
  if (await open.isDisabled()) {
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    return { isSent: false, why: 'the page refuses to open this URL (see its checks), so a person cannot consent; it was cancelled' };
  }
  const tab = demo.page.context().waitForEvent('page', { timeout: UI_TIMEOUT_MS });
  await demo.act(open, 'open url', (l) => l.click());
  // The site is the server's; the demo only shows that it opened, and comes back.
  await demo.closeTab(await tab);
  if (elicitation.origin.kind === 'mrtr') await demo.act(card.getByRole('button', { name: 'Done, retry', exact: true }), 'done retry', (l) => l.click());
  const outcome = await sent(demo, feed, card, elicitation);
  if (!outcome.isSent || !isMarkDone) return outcome;
  const markDone = card.getByRole('button', { name: 'Mark as done', exact: true });
  if (elicitation.origin.kind === 'url-required' && (await markDone.isVisible())) {
    await demo.act(markDone, 'mark as done', (l) => l.click());
    return outcome;
  }
  if (elicitation.origin.kind === 'mrtr') return outcome;
  return { isSent: true, note: 'the page offers Mark as done only on -32042 flows; this one ends with its call' };
}

/** Until the log says the elicitation was answered; else why not, read from the card. */
async function sent(demo: WalkthroughPage, feed: DemoSessionFeed, card: Locator, elicitation: EventOf<'elicitation'>): Promise<PlayedAnswer> {
  const end = await feed.waitFor((events) => events.find((e) => e.kind === 'elicitation-end' && e.key === elicitation.key), ANSWER_SENT_MS);
  if (end) return { isSent: true };
  const alerts = (await card.getByRole('alert').allTextContents()).map((text) => text.trim()).filter(Boolean);
  await demo.shot('not sent');
  return { isSent: false, why: `the page did not send it${alerts.length ? `: ${alerts.join('; ').slice(0, 300)}` : ''}` };
}

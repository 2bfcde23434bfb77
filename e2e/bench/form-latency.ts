/**
 * `npm run bench -- elicitation`: how soon the page shows what a person waits for, in Chromium:
 * a server's elicitation to a form ready to type into (per phase, page-latency.ts), picking a
 * tool to its arguments form, clicking Run tool to the elicitation's form and to an echo's
 * result, each the first time after a page load and later, beside a bare SDK client's
 * figures where it has one. Prints figures, asserts nothing.
 */
import type { Page } from '@playwright/test';
import { InspectorClient } from '../support/inspector-client';
import { demoStdio, type Inspector } from '../support/processes';
import { bareClientFloor } from './bare-client';
import { openSession } from './open-session';
import { clickInPage, clickToForm, FORM_FIELD, formPhases, PAGE_TIMING_SCRIPT, phaseLine, toReady, type Phases } from './page-latency';

type Report = (what: string, value: string, target?: string) => void;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** Reports the page's figures; returns the two the official inspector's section compares with. */
export async function elicitationToForm(
  inspector: Inspector,
  page: Page,
  report: Report,
): Promise<{ clickToFormMs: number; clickToFormPaintedMs: number; echoMs: number }> {
  const floor = await bareClientFloor();
  const client = await InspectorClient.connect(inspector);
  const sessionId = await client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' });
  await page.addInitScript({ content: PAGE_TIMING_SCRIPT });
  await page.goto(inspector.url);
  await openSession(page, 'Live');
  const connected = () => page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
  await connected();
  // Between one question and the next the page settles, as it would while a person reads.
  const settle = () => page.waitForTimeout(300);
  // The first form after a page load pays for whatever is not loaded or compiled yet.
  const first: Phases[] = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await page.reload();
    await connected();
    // A person takes a moment before the first call: the page has been idle for a second.
    await page.waitForTimeout(1000);
    first.push(await formPhases(page, client, sessionId, 'collect_profile'));
    await settle();
  }
  const later: Phases[] = [];
  for (let i = 0; i < 12; i++) {
    const phases = await formPhases(page, client, sessionId, 'collect_profile');
    if (i >= 2) later.push(phases);
    await settle();
  }
  const firstReady = median(first.map(toReady));
  const laterReady = median(later.map(toReady));
  report('elicitation/create at the proxy → form ready (median of 10)', ms(laterReady), '≤ 17 ms');
  report('  phases: proxy → push sent + → page + → React commit + → paint', phaseLine(later));
  report('  the first form after a page load (median of 5 loads)', `${ms(firstReady)}, ${(firstReady / laterReady).toFixed(2)}× later ones`, '≤ 1.2×');
  report('  its phases', phaseLine(first));

  // Picking a tool: click → its arguments form ready, first on a cold page and later.
  const toolSection = 'section[aria-label="Tool"]';
  const toolField = `${toolSection} input, ${toolSection} textarea`;
  const pick = (name: string) => clickToForm(page, clickInPage(page, '[aria-label="Tools"] [role="option"]', name), toolField, toolSection, name);
  const shownTool = async () =>
    (await page
      .locator(`${toolSection} h2`)
      .textContent()
      .catch(() => null)) ?? '';
  const TOOLS = ['echo', 'confirm_with_deadline'];
  const firstPicks: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await connected();
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first().waitFor();
    await page.waitForTimeout(1000);
    const shown = await shownTool();
    firstPicks.push((await pick(TOOLS.find((t) => t !== shown)!)).painted);
  }
  const laterPicks: number[] = [];
  for (let i = 0; i < 12; i++) {
    const elapsed = (await pick(TOOLS[i % 2])).painted;
    if (i >= 2) laterPicks.push(elapsed);
    await settle();
  }
  report('tool selection: click → arguments form painted (median of 10)', ms(median(laterPicks)));
  report(
    '  the first selection after a page load (median of 5 loads)',
    `${ms(median(firstPicks))}, ${(median(firstPicks) / median(laterPicks)).toFixed(2)}× later ones`,
    '≤ 1.2×',
  );

  // Click Run tool on a tool that asks: until its form is ready to type into, against a bare client's handler.
  await pick('collect_profile');
  const clickForms: number[] = [];
  const clickFormsPainted: number[] = [];
  for (let i = 0; i < 12; i++) {
    const { committed, painted } = await clickToForm(page, clickInPage(page, 'button', 'Run tool'), FORM_FIELD, 'article', '');
    const elicitation = await client.waitFor(() => client.of('elicitation').find((e) => !client.of('elicitation-end').some((x) => x.key === e.key)));
    await client.send('answer-elicitation', { sessionId, key: elicitation.key, action: 'cancel' });
    await client.waitForEvent('elicitation-end', (e) => e.key === elicitation.key);
    if (i >= 2) clickForms.push(committed);
    if (i >= 2) clickFormsPainted.push(painted);
    await settle();
  }
  report(
    'click Run tool → form ready, in the page | bare SDK client sees it',
    `${ms(median(clickForms))} | ${ms(floor.requestSeen)}, ${(median(clickForms) / floor.requestSeen).toFixed(1)}×`,
    '≤ 0.25× the official (section official)',
  );
  report('  … → the frame that shows it painted', ms(median(clickFormsPainted)), '≤ 0.25× the official (section official)');

  // A whole tool call as a person sees it: click Run tool, until the result is on screen.
  await pick('echo');
  await page.getByRole('region', { name: 'Tool', exact: true }).getByLabel('text', { exact: true }).fill('hello');
  const clicks: number[] = [];
  for (let i = 0; i < 12; i++) {
    const elapsed = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const calls = document.querySelector('[aria-label="Calls"]')!;
          // No named helpers in here: the test runner's transform would wrap them in a function the page lacks.
          const before = calls.querySelector('[role="listitem"]')?.getAttribute('aria-label');
          const observer = new MutationObserver(() => {
            const call = calls.querySelector('[role="listitem"]');
            if (call && call.getAttribute('aria-label') !== before && call.querySelector('[aria-label="Result"]')) {
              observer.disconnect();
              resolve(performance.now() - t0);
            }
          });
          observer.observe(calls, { subtree: true, childList: true });
          const t0 = performance.now();
          (Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Run tool') as HTMLButtonElement).click();
        }),
    );
    if (i >= 2) clicks.push(elapsed);
    await page.waitForTimeout(200);
  }
  report(
    'echo in the page: click Run tool → result on screen | bare SDK client',
    `${ms(median(clicks))} | ${ms(floor.echo)}, ${(median(clicks) / floor.echo).toFixed(1)}×`,
    '≤ 30 ms; ≤ 0.25× the official (section official)',
  );
  await client.send('disconnect', { sessionId });
  client.close();
  return { clickToFormMs: median(clickForms), clickToFormPaintedMs: median(clickFormsPainted), echoMs: median(clicks) };
}

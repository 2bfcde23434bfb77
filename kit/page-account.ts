/**
 * What every kit method says when the page is not as it expected: what it waited for,
 * and a one-line account of what the page shows instead. Playwright's own waits end at
 * the test's timeout with a bare locator; the kit's end sooner and say why.
 */
import type { Locator, Page } from '@playwright/test';

/** How long a kit method waits for a control it is about to use, unless the page was given another wait. */
export const CONTROL_WAIT_MS = 10_000;

/** Each page's control wait, set by InspectorPage (the fixture's `inspectorControlWaitMs`). */
const controlWaits = new WeakMap<Page, number>();

/** Make the kit's methods on `page` wait `ms` for a control: a positive number of milliseconds. */
export function setControlWait(page: Page, ms: number): void {
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`The kit's control wait must be a positive number of milliseconds; it was given ${String(ms)}.`);
  controlWaits.set(page, ms);
}

/** How long the kit's methods on `page` wait for a control. */
export function controlWait(page: Page): number {
  return controlWaits.get(page) ?? CONTROL_WAIT_MS;
}

const URL_ARTICLE = /^URL elicitation /;

/** The newest call of the selected tool, on the Tools view. */
export function newestCall(page: Page): Locator {
  return page.getByRole('list', { name: 'Calls' }).getByRole('listitem').first();
}

/** A one-line account of the page for error messages: connection, pending forms and flows, the newest call. */
export async function describePage(page: Page): Promise<string> {
  const parts = [`connection ${(await textOf(page.getByRole('status', { name: 'Connection status' }))) ?? 'no status'}`];
  const ended = await textOf(page.getByRole('alert', { name: 'Session ended' }));
  if (ended) parts.push(`session ended: ${ended}`);
  const requests = page.getByRole('region', { name: 'Pending requests' });
  const flows = page.getByRole('region', { name: 'URL flows' });
  parts.push(
    `${await requests.getByRole('article', { name: /^Elicitation / }).count()} form(s) pending`,
    `${await flows.getByRole('article', { name: URL_ARTICLE }).count()} URL flow(s)`,
  );
  const status = await textOf(newestCall(page).getByRole('status', { name: 'Call status' }));
  const result = await textOf(newestCall(page).getByRole('region', { name: 'Result' }));
  parts.push(status ? `newest call ${status}${result ? `: ${result.slice(0, 300)}` : ''}` : 'no call on screen');
  return parts.join('; ');
}

/**
 * Wait until `locator` is on screen and return it; else throw `Expected <expected> within
 * <n> ms; the page shows: …`. A locator that matches several elements waits for the first.
 */
export async function shown(locator: Locator, expected: string, timeoutMs = controlWait(locator.page())): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new Error(`Expected ${expected} within ${timeoutMs} ms; the page shows: ${await describePage(locator.page())}`);
  }
  return locator;
}

/** Wait for something the page shows while it works (a busy list) to be gone. */
export async function settled(locator: Locator, expected: string, timeoutMs = controlWait(locator.page())): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'detached', timeout: timeoutMs });
  } catch {
    throw new Error(`Expected ${expected} within ${timeoutMs} ms; the page shows: ${await describePage(locator.page())}`);
  }
}

/**
 * Use a control once it is on screen: the action too is bounded, and a control that goes
 * away in between (a form answered meanwhile) fails with the same message as one never shown.
 */
async function act(locator: Locator, expected: string, action: (control: Locator, timeoutMs: number) => Promise<void>): Promise<void> {
  await shown(locator, expected);
  const timeoutMs = controlWait(locator.page());
  try {
    await action(locator, timeoutMs);
  } catch (error) {
    throw new Error(`Expected ${expected} within ${timeoutMs} ms; the page shows: ${await describePage(locator.page())}`, { cause: error });
  }
}

export const clickOn = (locator: Locator, expected: string): Promise<void> => act(locator, expected, (control, timeout) => control.click({ timeout }));

export const fillIn = (locator: Locator, expected: string, value: string): Promise<void> =>
  act(locator, expected, (control, timeout) => control.fill(value, { timeout }));

/** Pick an option: by its value or label (a string), or by its label only. */
export const selectIn = (locator: Locator, expected: string, option: string | { label: string }): Promise<void> =>
  act(locator, expected, async (control, timeout) => void (await control.selectOption(option, { timeout })));

export const checkOn = (locator: Locator, expected: string, checked = true): Promise<void> =>
  act(locator, expected, (control, timeout) => control.setChecked(checked, { timeout }));

/**
 * The text of an element as a person reads it: block elements and content blocks on
 * lines of their own (a result of two text blocks is two lines), aria-hidden parts left
 * out (an option's description is not its name), surrounding space trimmed.
 */
export async function readText(locator: Locator): Promise<string> {
  return (await readTexts(locator))[0] ?? '';
}

/** readText() of every element the locator matches, without waiting. */
export async function readTexts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.map((root) => {
      let text = '';
      const breakLine = () => {
        if (text !== '' && !text.endsWith('\n')) text += '\n';
      };
      const walk = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          text += node.textContent ?? '';
          return;
        }
        if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return;
        if (node instanceof HTMLBRElement) return breakLine();
        const display = getComputedStyle(node).display;
        if (display === 'none') return;
        const isInline = display.startsWith('inline') || display === 'contents';
        if (!isInline) breakLine();
        node.childNodes.forEach(walk);
        if (!isInline) breakLine();
      };
      walk(root);
      return text.trim();
    }),
  );
}

/** The text of the first match, or undefined when there is none (never waits). */
export async function textOf(locator: Locator): Promise<string | undefined> {
  if ((await locator.count()) === 0) return undefined;
  return readText(locator.first());
}

/**
 * Walks the controls of the README's Playwright table on a page and clicks each one
 * that is on screen with Playwright's ordinary mouse click, as a trial: the click is
 * aimed, the element scrolled into view and hit-tested (nothing may cover it), but
 * not delivered, so the walk changes nothing it passes.
 */
import type { Locator, Page } from '@playwright/test';
import type { ReadmeRow } from './readme-table';

const CONTROL_SELECTOR = [
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'label',
  'a[href]',
  ...['button', 'radio', 'tab', 'option', 'checkbox', 'separator', 'combobox', 'switch', 'menuitem'].map((role) => `[role="${role}"]`),
].join(', ');

/** One README locator, as written there, with the locator its `….` continues. */
export type ControlProbe = { what: string; code: string; scopeCode?: string };

/** Roles that hold controls rather than being one: the controls inside are probed on their own. */
const CONTAINER_ROLES = new Set([
  'region',
  'list',
  'listitem',
  'article',
  'form',
  'dialog',
  'complementary',
  'status',
  'alert',
  'tablist',
  'radiogroup',
  'group',
  'listbox',
]);

/** Every locator of the table that names a control, in table order, without placeholders. */
export function controlProbes(rows: ReadmeRow[]): ControlProbe[] {
  const probes: ControlProbe[] = [];
  let scopeCode: string | undefined;
  for (const row of rows) {
    for (const { variants } of row.locators) {
      for (const variant of variants) {
        const isInner = variant.startsWith('….');
        const code = variant.replace(/^…\./, '');
        if (!isInner) scopeCode = code;
        if (code.includes('<') || !namesControl(code)) continue;
        probes.push({ what: row.what, code: variant, scopeCode: isInner ? scopeCode : undefined });
      }
    }
  }
  return probes;
}

function namesControl(code: string): boolean {
  const calls = [...code.matchAll(/getBy(\w+)\(\s*(?:'([^']*)')?/g)];
  const last = calls.at(-1);
  if (!last) return false;
  return last[1] !== 'Role' || !CONTAINER_ROLES.has(last[2] ?? '');
}

function evaluate(scope: Page | Locator, code: string): Locator {
  // The README's own text is the code: a renamed control fails here, as in readme-contract.spec.ts.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the README's locator text is what is tested
  const locate = new Function('scope', `return scope.${code.replace(/^…\./, '')};`) as (scope: Page | Locator) => unknown;
  const locator = locate(scope);
  if (typeof locator !== 'object' || locator === null || !('click' in locator)) throw new Error(`README locator ${code} is not a locator`);
  return locator as Locator;
}

/**
 * Trial-click every probe whose control is on the page now and enabled; returns the
 * README locators that took a click. A covered or unreachable control fails the click.
 */
export async function clickEveryControl(page: Page, probes: ControlProbe[]): Promise<Set<string>> {
  // Which controls are there is asked all at once: one round trip per probe, in parallel, instead of several in a row.
  const found = await Promise.all(
    probes.map(async (probe) => {
      const scope = probe.scopeCode ? evaluate(page, probe.scopeCode).first() : page;
      const locator = evaluate(scope, probe.code);
      const usable = await locator.evaluateAll(
        (elements, controlSelector) =>
          elements.map((element) => {
            // A file input is drawn as its label (the input itself is visually hidden): the label is what a person clicks.
            const isFileInLabel = element instanceof HTMLInputElement && element.type === 'file' && element.closest('label') !== null;
            const drawn = isFileInLabel ? element.closest('label')! : element;
            const isDisabled = (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.disabled;
            // A label names text as well as controls (the server's name, a count): only what a person can operate is clicked.
            const isControl = drawn.matches(controlSelector);
            return { isUsable: isControl && drawn.checkVisibility() && !isDisabled, isFileInLabel };
          }),
        CONTROL_SELECTOR,
      );
      const index = usable.findIndex((u) => u.isUsable);
      const target = index < 0 ? undefined : usable[index].isFileInLabel ? locator.nth(index).locator('xpath=ancestor::label[1]') : locator.nth(index);
      return { probe, target };
    }),
  );
  const clicked = new Set<string>();
  for (const { probe, target } of found) {
    if (!target) continue;
    try {
      await target.click({ trial: true, timeout: 5_000 });
    } catch (error) {
      throw new Error(`${probe.what}: ${probe.code} cannot take a click: ${whyNot(error)}`, { cause: error });
    }
    clicked.add(probe.code);
  }
  return clicked;
}

/** The line of Playwright's message that names what covers the control, else its first line. */
function whyNot(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n');
  return lines.find((line) => /intercepts pointer events|outside of the viewport|not stable/.test(line))?.trim() ?? lines[0];
}

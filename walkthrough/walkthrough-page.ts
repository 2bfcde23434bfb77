/**
 * The page during a recorded walkthrough: a caption overlay says what happens, each
 * control is outlined before it is used, and every step leaves a numbered screenshot.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

const CAPTION_ID = 'elicitation-inspector-demo-caption';
/** How long a tab the walkthrough opened may take to load, and then to close. */
const TAB_CLOSE_MS = 10_000;

export class WalkthroughPage {
  private shotCount = 0;
  readonly screenshots: string[] = [];

  constructor(
    readonly page: Page,
    private readonly outDir: string,
    private readonly paceMs: number,
    private readonly onCaption: (text: string) => void = () => undefined,
  ) {}

  /** Show a caption at the bottom of the page (over the log, never over the controls in use). */
  async caption(text: string): Promise<void> {
    this.onCaption(text);
    await this.page.evaluate(
      ({ id, text }) => {
        let box = document.getElementById(id);
        if (!box) {
          box = document.createElement('div');
          box.id = id;
          box.setAttribute('aria-hidden', 'true');
          box.style.cssText =
            'position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483647;max-width:70%;padding:10px 18px;' +
            'border-radius:10px;background:rgba(15,23,42,.92);color:#fff;font:500 16px/1.4 system-ui,sans-serif;box-shadow:0 6px 24px rgba(0,0,0,.3);pointer-events:none';
          document.body.appendChild(box);
        }
        box.textContent = text;
      },
      { id: CAPTION_ID, text },
    );
    await this.pause();
  }

  /** Outline a control, pause so a viewer sees it, take the step's screenshot, then act. */
  async act(locator: Locator, name: string, action: (locator: Locator) => Promise<void>): Promise<void> {
    await locator.scrollIntoViewIfNeeded();
    await locator.evaluate((element) => {
      element.setAttribute('data-demo-outline', element.getAttribute('style') ?? '');
      (element as HTMLElement).style.outline = '3px solid #f59e0b';
      (element as HTMLElement).style.outlineOffset = '2px';
    });
    await this.pause();
    await this.shot(name);
    await locator.evaluate((element) => {
      element.setAttribute('style', element.getAttribute('data-demo-outline') ?? '');
      element.removeAttribute('data-demo-outline');
    });
    await action(locator);
  }

  async shot(name: string): Promise<string> {
    this.shotCount += 1;
    const file = join(this.outDir, `${String(this.shotCount).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
    await this.page.screenshot({ path: file });
    this.screenshots.push(file);
    return file;
  }

  /**
   * Close a tab the walkthrough opened (a consent page) and come back to the inspector. Closing a
   * tab while it still follows a redirect can wait on that navigation for minutes in Chromium, so
   * the tab is closed once it has loaded, and the walkthrough goes on if the close still has not
   * returned after a few seconds (the browser closes it at the end).
   */
  async closeTab(tab: Page): Promise<void> {
    await tab.waitForLoadState('domcontentloaded', { timeout: TAB_CLOSE_MS }).catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([tab.close().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, TAB_CLOSE_MS)))]);
    clearTimeout(timer);
    await this.page.bringToFront();
  }

  /** The viewer's pause; none at all at pace 0 (tests), not even a round trip to the browser. */
  async pause(): Promise<void> {
    if (this.paceMs > 0) await this.page.waitForTimeout(this.paceMs);
  }
}

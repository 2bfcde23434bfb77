/**
 * The window sizes the page is held at. The browser tests open their page at 1440×900
 * (playwright.config.ts); a spec about what the window's size changes resizes that one
 * page to 1280×720 and back inside a test, as a person resizes a window, instead of
 * running its whole file a second time on a fresh page and session for each size.
 */
import type { Page } from '@playwright/test';
import { test } from './test';

export type WindowSize = { width: number; height: number };

export const LARGE_WINDOW: WindowSize = { width: 1440, height: 900 };
/** The smaller the window, the harder the layout: the README contract runs here. */
export const SMALL_WINDOW: WindowSize = { width: 1280, height: 720 };
/** The smaller first: a log drag or a column drag made there still has room to go at the larger. */
export const WINDOW_SIZES: readonly WindowSize[] = [SMALL_WINDOW, LARGE_WINDOW];

export const sizeName = ({ width, height }: WindowSize): string => `${width}×${height}`;

/** The window sizes with the page's own first, so the state just set up is checked at the size it was set up at before a resize. */
export function sizesFromCurrent(page: Page, sizes: readonly WindowSize[] = WINDOW_SIZES): WindowSize[] {
  const now = page.viewportSize();
  const isNow = (size: WindowSize) => size.width === now?.width && size.height === now?.height;
  return [...sizes.filter(isNow), ...sizes.filter((size) => !isNow(size))];
}

/** Resize the page to each size in turn and run `check` there, each as a step named by its size. */
export async function atEachWindowSize(page: Page, check: (size: WindowSize) => Promise<void>, sizes: readonly WindowSize[] = WINDOW_SIZES): Promise<void> {
  for (const size of sizes) {
    await test.step(`at ${sizeName(size)}`, async () => {
      await page.setViewportSize(size);
      await check(size);
    });
  }
}

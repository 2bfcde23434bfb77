import { describe, expect, it } from 'vitest';
import { loadChromium, MISSING_PLAYWRIGHT } from './load-playwright';

describe('loadChromium', () => {
  it('takes chromium from the first Playwright package that loads', async () => {
    const tried: string[] = [];
    const chromium = { name: () => 'chromium' };
    const found = await loadChromium(async (name) => {
      tried.push(name);
      if (name === '@playwright/test') return { chromium };
      throw new Error(`Cannot find package '${name}'`);
    });
    expect(found).toBe(chromium);
    expect(tried).toEqual(['playwright-core', 'playwright', '@playwright/test']);
  });

  it('is undefined when none is installed, and the message says what to install', async () => {
    expect(await loadChromium(() => Promise.reject(new Error('Cannot find package')))).toBeUndefined();
    expect(MISSING_PLAYWRIGHT).toContain('npm i -D playwright-core');
    expect(MISSING_PLAYWRIGHT).toContain('npx playwright install chromium');
  });
});

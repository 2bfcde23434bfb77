import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WalkthroughPage } from './walkthrough-page';

/** What the walkthrough asks of a page for captions, pauses and screenshots, recorded in order. */
function recordingPage() {
  const calls: string[] = [];
  const stub: Pick<Page, 'evaluate' | 'waitForTimeout' | 'screenshot'> = {
    evaluate: async () => undefined as never,
    waitForTimeout: async (ms: number) => void calls.push(`wait ${ms}`),
    screenshot: async (options) => (calls.push(`shot ${options?.path ?? ''}`), Buffer.alloc(0)),
  };
  // The walkthrough holds a whole Page; these three methods are all caption() and shot() use.
  return { page: stub as Page, calls };
}

describe('WalkthroughPage pacing', () => {
  it('pauses --pace-ms after each caption, and numbers its screenshots', async () => {
    const { page, calls } = recordingPage();
    const walk = new WalkthroughPage(page, '/out', 900);
    await walk.caption('Connected.');
    await walk.shot('connected');
    await walk.caption('Step 1');
    await walk.shot('Step 1 passed!');
    expect(calls).toEqual(['wait 900', 'shot /out/01-connected.png', 'wait 900', 'shot /out/02-step-1-passed-.png']);
    expect(walk.screenshots).toEqual(['/out/01-connected.png', '/out/02-step-1-passed-.png']);
  });

  it('at --pace-ms 0 it does not wait at all', async () => {
    const { page, calls } = recordingPage();
    const walk = new WalkthroughPage(page, '/out', 0);
    await walk.caption('Fast');
    await walk.pause();
    expect(calls).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { watchParent } from './parent-watch';

describe('watchParent', () => {
  it('fires when the parent it started with is gone, even if it was gone before the watch began', async () => {
    // A parent id that is not this process's parent stands for a wrapper that ended before the watch began.
    const gone = await new Promise<boolean>((resolve) => {
      const stop = watchParent(() => resolve(true), 10, process.ppid + 1_000_000);
      setTimeout(() => (stop(), resolve(false)), 2000);
    });
    expect(gone).toBe(true);
  });

  it('stays quiet while the parent it started with is still there', async () => {
    let fired = false;
    const stop = watchParent(() => (fired = true), 10, process.ppid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(fired).toBe(false);
  });
});

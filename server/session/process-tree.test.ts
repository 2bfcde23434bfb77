import { describe, expect, it } from 'vitest';
import { signal } from './process-tree';

describe('signalling a server process', () => {
  it('never signals a group: 0 and negative numbers reach no process', async () => {
    let received = 0;
    const count = () => (received += 1);
    // SIGWINCH: ignored by default, so a group signal that got through would end nothing while it is counted here.
    process.on('SIGWINCH', count);
    try {
      signal(0, 'SIGWINCH');
      signal(-process.pid, 'SIGWINCH');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toBe(0);
      signal(process.pid, 'SIGWINCH');
      for (const deadline = Date.now() + 5000; received === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received).toBe(1);
    } finally {
      process.off('SIGWINCH', count);
    }
  });
});

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const GUARD = fileURLToPath(new URL('./last-guard.ts', import.meta.url));

describe('the last guard', () => {
  it('an error thrown from setImmediate, and a rejected promise nobody awaits, are reported and the process goes on', () => {
    const script = `
      const { installLastGuard } = await import(${JSON.stringify(GUARD)});
      installLastGuard();
      setImmediate(() => { throw new RangeError('Maximum call stack size exceeded'); });
      void Promise.reject(new Error('nobody listened'));
      setTimeout(() => console.log('still serving'), 300);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stdout).toContain('still serving');
    expect(run.stderr).toContain('unexpected error (the inspector keeps running): RangeError: Maximum call stack size exceeded');
    expect(run.stderr).toContain('unhandled rejection (the inspector keeps running): Error: nobody listened');
    expect(run.status).toBe(0);
  });
});

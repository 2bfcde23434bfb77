import { describe, expect, it } from 'vitest';
import type { RunReport } from '@wire/scenario';
import { failureLines, verdictHeadline } from './verdict-text';

const base: RunReport = { scenario: 'profile', protocol: '2025-11-25', status: 'passed', durationMs: 1234, steps: [] };

describe('verdict text', () => {
  it('says the protocol, the verdict and how many steps passed', () => {
    const run: RunReport = {
      ...base,
      status: 'failed',
      negotiatedVersion: '2025-11-25',
      steps: [
        { index: 1, name: 'call echo', status: 'passed', durationMs: 5, failures: [] },
        {
          index: 2,
          name: 'call collect_profile',
          status: 'failed',
          durationMs: 9,
          failures: [{ expectation: 'text contains', expected: '"accepted"', actual: '"declined"' }],
        },
      ],
    };
    expect(verdictHeadline(run)).toBe('2025-11-25: failed, 1 of 2 steps passed in 1.2 s');
    expect(failureLines(run)).toEqual([{ step: 'Step 2 (call collect_profile)', expectation: 'text contains', expected: '"accepted"', actual: '"declined"' }]);
  });

  it('a run that stopped part-way counts the steps it never ran', () => {
    const steps: RunReport['steps'] = [
      { index: 1, name: 'die', status: 'failed', durationMs: 5, failures: [] },
      { index: 2, name: 'hang', status: 'skipped', durationMs: 0, failures: [] },
    ];
    expect(verdictHeadline({ ...base, status: 'error', error: 'The server process exited with code 9.', steps })).toBe(
      '2025-11-25: stopped: The server process exited with code 9. (0 of 2 steps passed, 1 not run)',
    );
  });

  it('a run that could not start says why', () => {
    expect(verdictHeadline({ ...base, protocol: 'auto', status: 'error', error: 'spawn nope ENOENT' })).toBe('auto: could not run: spawn nope ENOENT');
  });
});

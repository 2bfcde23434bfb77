/** `tap`'s arguments: a host's config gets them wrong in a few ways, each named. */
import { describe, expect, it } from 'vitest';
import { parseTapArgs } from './tap-cli';

describe('parseTapArgs', () => {
  it('takes --data-dir in either form, and the server command after --', () => {
    expect(parseTapArgs(['--data-dir', 'd', '--', 'node', 's.js'])).toEqual({ dataDir: 'd', command: 'node', args: ['s.js'] });
    expect(parseTapArgs(['--data-dir=d', '--', 'node'])).toEqual({ dataDir: 'd', command: 'node', args: [] });
  });

  it('a --data-dir without its folder says so, rather than calling the option unknown', () => {
    for (const argv of [['--data-dir', '--', 'node'], ['--data-dir'], ['--data-dir=', '--', 'node']]) {
      expect(parseTapArgs(argv)).toEqual({ error: expect.stringContaining('--data-dir needs a folder') as string });
    }
    expect(parseTapArgs(['--verbose', '--', 'node'])).toEqual({ error: expect.stringContaining('unknown option --verbose') as string });
  });
});

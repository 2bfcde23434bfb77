/** `tap`'s arguments, and what its record keeps out: a host's config gets the first wrong in a few ways, each named. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../e2e/support/processes';
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

describe('the tap record', () => {
  it("holds no secret of the server's command line or of the environment the host gave it, even where the server prints them", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-secrets-'));
    try {
      const printsSecrets = 'console.error("key " + process.env.WEATHER_API_KEY + " token " + process.argv[1])';
      const tapped = spawnSync(
        process.execPath,
        [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', dataDir, '--', process.execPath, '-e', printsSecrets, '--', '--token=tok-0123456789'],
        { input: '', env: { ...process.env, WEATHER_API_KEY: 'wk-9876543210' }, encoding: 'utf8', timeout: 60_000 },
      );
      // The host still sees what the server wrote: the tap only keeps secrets out of its record.
      expect(tapped.stderr).toContain('key wk-9876543210 token --token=tok-0123456789');
      const [file] = readdirSync(dataDir).filter((name) => name.endsWith('.jsonl'));
      const record = readFileSync(join(dataDir, file), 'utf8');
      expect(record).toContain('"kind":"stderr"');
      expect(record).not.toContain('wk-9876543210');
      expect(record).not.toContain('tok-0123456789');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

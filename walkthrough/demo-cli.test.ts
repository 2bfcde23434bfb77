import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USAGE } from '../server/commands';
import { runDemo } from './demo-cli';

/** Runs the command's argument checks; every case here ends before a browser or an inspector starts. */
async function demo(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runDemo(argv, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

describe('elicitation-inspector demo: usage', () => {
  it('its --help (printed by the command line from server/commands.ts) lists --target and the exit codes', () => {
    expect(DEMO_USAGE).toMatch(/^Usage: elicitation-inspector demo /);
    expect(DEMO_USAGE).toMatch(/--target FILE +play a scenario file/);
    expect(DEMO_USAGE).toMatch(/--no-trace-screenshots\n +a trace without the film strip/);
    expect(DEMO_USAGE).toContain('2 usage or a broken scenario file');
  });

  it('refuses --target together with a command, and a missing or broken file, with exit 2', async () => {
    const both = await demo(['--target', 'a.json', '--', 'node', 'server.js']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--target names the server in its scenario file');
    const dir = mkdtempSync(join(tmpdir(), 'demo-cli-'));
    try {
      const missing = await demo(['--target', join(dir, 'nope.json')]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/^elicitation-inspector: .*nope\.json: cannot be read/);
      writeFileSync(join(dir, 'bad.json'), '{ "steps": [ }');
      const bad = await demo(['--target', join(dir, 'bad.json')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/bad\.json(:\d+:\d+)?: not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const paceless = await demo(['--pace-ms', 'slow']);
    expect(paceless.code).toBe(2);
    expect(paceless.stderr).toContain('unexpected argument "--pace-ms"');
  });
});

/**
 * Runs one scenario of the official MCP conformance suite (0.1.12: the newest that
 * runs on Node 20) with the inspector's headless `conformance-client` as its client.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { ROOT } from './processes';

export type SuiteRun = { code: number | null; output: string };

/** A runner for one test file: the suite writes its results under the folder it runs in, removed after the file. */
export function conformanceRunner(folderPrefix: string): (scenario: string) => Promise<SuiteRun> {
  const workDir = mkdtempSync(join(tmpdir(), folderPrefix));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const suite = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  const client = `${process.execPath} ${join(ROOT, 'server/bin.mjs')} conformance-client`;
  return (scenario) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [suite, 'client', '--command', client, '--scenario', scenario], {
        cwd: workDir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });
}

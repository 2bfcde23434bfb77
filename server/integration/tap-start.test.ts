/**
 * A tap started the moment the inspector says it is ready (its Open: line, which the Playwright
 * kit and every test wait for) finds that inspector and records into it: the data folder's note
 * of the running inspector is written before the URL is printed, on a first run too, when the
 * folder does not exist yet.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, ROOT, startInspector } from '../../e2e/support/processes';
import { newTappedSession } from '../../e2e/support/tapped-host';
import { readRunning } from '../store/data-dir';

const parent = mkdtempSync(join(tmpdir(), 'tap-start-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

it('a tap started as soon as the inspector printed its URL records into that inspector', async () => {
  const dataDir = join(parent, 'sessions');
  const inspector = await startInspector(['--no-connect'], { dataDir });
  try {
    // What the tap reads, at the moment the Open: line came.
    expect(readRunning(dataDir)).toMatchObject({ pid: inspector.process.pid, url: `${inspector.origin}/` });

    const demo = demoStdio();
    const tap = spawn(process.execPath, [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', dataDir, '--', demo.command, ...demo.args], {
      cwd: ROOT,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    const said = new Promise<string>((resolve) =>
      tap.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/tap: recording/.test(stderr)) resolve(stderr);
      }),
    );
    const exited = new Promise((resolve) => tap.once('exit', resolve));
    expect(await said).toContain(`elicitation-inspector tap: recording into the inspector at ${inspector.origin}/ (session tap-`);
    // And the inspector shows it live, as it said.
    const watcher = await InspectorClient.connect(inspector);
    try {
      await newTappedSession(watcher, new Set());
    } finally {
      watcher.close();
    }
    tap.stdin.end();
    await exited;
  } finally {
    await inspector.stop();
  }
}, 60_000);

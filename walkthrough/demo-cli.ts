/**
 * `elicitation-inspector demo [--out DIR] [--pace-ms N] [--no-trace-screenshots] [--target FILE | -- <command> [args…]]`:
 * a recorded walkthrough (numbered screenshots, a Playwright trace, a video when Playwright
 * can record one) of the demo server, of a scenario file played in the page, or of the
 * stdio server named after `--`.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startInspector, type Inspector } from '../kit/start-inspector';
import { DEMO_USAGE } from '../server/commands';
import type { Page } from 'playwright-core';
import { CHROMIUM_ARGS, loadChromium, MISSING_PLAYWRIGHT } from './load-playwright';
import { WalkthroughPage } from './walkthrough-page';
import { inspectorOptionsFor, verdictLine } from './demo-scenario-plan';
import { DemoSessionFeed } from './demo-session-feed';
import { EXIT } from '../server/scenarios/run-cli';
import { readScenarioFile, ScenarioFileError } from '../server/scenarios/scenario-file';
import { scenarioWalkthrough } from './scenario-walkthrough';
import { demoWalkthrough, targetWalkthrough } from './walkthroughs';
import type { Scenario } from '../server/wire/scenario';

type Out = { stdout: (text: string) => void; stderr: (text: string) => void };

export async function runDemo(argv: string[], out: Out): Promise<number> {
  const dash = argv.indexOf('--');
  const options = dash === -1 ? argv : argv.slice(0, dash);
  const target = dash === -1 ? undefined : argv.slice(dash + 1);
  let outDir = 'elicitation-demo';
  let paceMs = 900;
  let traceScreenshots = true;
  let scenarioFile: string | undefined;
  for (let i = 0; i < options.length; i += 1) {
    if (options[i] === '--out' && options[i + 1]) outDir = options[++i];
    else if (options[i] === '--target' && options[i + 1]) scenarioFile = options[++i];
    else if (options[i] === '--pace-ms' && /^\d+$/.test(options[i + 1] ?? '')) paceMs = Number(options[++i]);
    else if (options[i] === '--no-trace-screenshots') traceScreenshots = false;
    else {
      out.stderr(`elicitation-inspector demo: unexpected argument "${options[i]}".\n${DEMO_USAGE}\n`);
      return EXIT.usage;
    }
  }
  if (target && target.length === 0) {
    out.stderr(`elicitation-inspector demo: name the server's command after --.\n${DEMO_USAGE}\n`);
    return EXIT.usage;
  }
  if (target && scenarioFile) {
    out.stderr(`elicitation-inspector demo: --target names the server in its scenario file; drop the -- <command>.\n${DEMO_USAGE}\n`);
    return EXIT.usage;
  }
  let scenario: Scenario | undefined;
  try {
    scenario = scenarioFile === undefined ? undefined : readScenarioFile(scenarioFile);
  } catch (error) {
    if (!(error instanceof ScenarioFileError)) throw error;
    // The same words `run` prints for the same file.
    out.stderr(`elicitation-inspector: ${error.message}\n`);
    return EXIT.usage;
  }
  const chromium = await loadChromium();
  if (!chromium) {
    out.stderr(`${MISSING_PLAYWRIGHT}\n`);
    return 1;
  }
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  const planned = scenario && inspectorOptionsFor(scenario);
  let inspector: Inspector;
  try {
    // The demo on 2025-11-25: a URL flow there completes by the server's notification, with no extra click to explain.
    inspector = await startInspector(
      planned ? planned.options : target ? { target: { command: target[0], args: target.slice(1) } } : { protocol: '2025-11-25' },
    );
  } catch (error) {
    out.stderr(`elicitation-inspector demo: the inspector did not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const viewport = { width: 1440, height: 900 };
    let context = await browser.newContext({ viewport, recordVideo: { dir: join(dir, 'video'), size: viewport } });
    let videoNote = `video: ${join(dir, 'video')}`;
    let page;
    try {
      page = await context.newPage();
    } catch (error) {
      // Playwright records video with its own ffmpeg build; without it, screenshots and the trace still tell the story.
      await context.close();
      context = await browser.newContext({ viewport });
      page = await context.newPage();
      videoNote = `no video: Playwright has no ffmpeg here (${(error as Error).message.split('\n')[0].slice(0, 120)}); run \`npx playwright install ffmpeg\` to record one`;
    }
    // The film strip is a screencast of every frame the page paints: the costliest part of the trace.
    await context.tracing.start({ screenshots: traceScreenshots, snapshots: true, title: 'elicitation-inspector demo' });
    await page.goto(inspector.url);
    // Each caption is printed as it is shown: the terminal follows the walkthrough, and a stalled step is the last line.
    const walk = new WalkthroughPage(page, dir, paceMs, (text) => out.stdout(`${text}\n`));
    let code: number = EXIT.passed;
    try {
      const notConnected = await waitConnected(page);
      if (notConnected) {
        await walk.shot('not connected');
        out.stderr(`elicitation-inspector demo: could not connect: ${notConnected}\n`);
        code = EXIT.error;
      } else if (scenario && planned) {
        const verdicts = await scenarioWalkthrough(walk, scenario, new DemoSessionFeed(inspector.dataDir), planned.notes);
        out.stdout(verdicts.map((verdict) => `${verdictLine(verdict)}\n`).join(''));
        if (verdicts.some((verdict) => verdict.status === 'failed')) code = EXIT.failed;
      } else if (target) await targetWalkthrough(walk);
      else await demoWalkthrough(walk);
    } finally {
      await context.tracing.stop({ path: join(dir, 'trace.zip') });
      await context.close();
    }
    out.stdout(
      `Wrote ${walk.screenshots.length} screenshots to ${dir}\ntrace: ${join(dir, 'trace.zip')} (npx playwright show-trace ${join(dir, 'trace.zip')})\n${videoNote}\n`,
    );
    return code;
  } finally {
    await browser.close();
    await inspector.stop();
  }
}

/** Undefined once the page says Connected; else what the page says instead (its Session ended alert, or its status). */
async function waitConnected(page: Page): Promise<string | undefined> {
  const status = page.getByRole('status', { name: 'Connection status' });
  const ended = page.getByRole('alert', { name: 'Session ended' });
  try {
    await status
      .filter({ hasText: /^Connected$/ })
      .or(ended)
      .first()
      .waitFor({ timeout: 30_000 });
  } catch {
    // Neither within the time: the status says where it stands.
    return `the page still says ${JSON.stringify(((await status.textContent()) ?? '').trim())} after 30 s`;
  }
  if (((await status.textContent()) ?? '').trim() === 'Connected') return undefined;
  return ((await ended.textContent()) ?? '').trim().slice(0, 500) || 'the session ended';
}

/**
 * `elicitation-inspector demo [--out DIR] [--pace-ms N] [-- <command> [args…]]`: a recorded
 * walkthrough (numbered screenshots, a Playwright trace, a video when Playwright can
 * record one) of the demo server, or of the stdio server named after `--`.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startInspector } from '../../kit/start-inspector';
import { loadChromium, MISSING_PLAYWRIGHT } from './load-playwright';
import { WalkthroughPage } from './walkthrough-page';
import { demoWalkthrough, targetWalkthrough } from './walkthroughs';

export const DEMO_USAGE = 'Usage: elicitation-inspector demo [--out DIR] [--pace-ms N] [-- <command> [args…]]';

type Out = { stdout: (text: string) => void; stderr: (text: string) => void };

export async function runDemo(argv: string[], out: Out): Promise<number> {
  const dash = argv.indexOf('--');
  const options = dash === -1 ? argv : argv.slice(0, dash);
  const target = dash === -1 ? undefined : argv.slice(dash + 1);
  let outDir = 'elicitation-demo';
  let paceMs = 900;
  for (let i = 0; i < options.length; i += 1) {
    if (options[i] === '--out' && options[i + 1]) outDir = options[++i];
    else if (options[i] === '--pace-ms' && /^\d+$/.test(options[i + 1] ?? '')) paceMs = Number(options[++i]);
    else if (options[i] === '-h' || options[i] === '--help') {
      out.stdout(`${DEMO_USAGE}\n`);
      return 0;
    } else {
      out.stderr(`elicitation-inspector demo: unexpected argument "${options[i]}".\n${DEMO_USAGE}\n`);
      return 2;
    }
  }
  if (target && target.length === 0) {
    out.stderr(`elicitation-inspector demo: name the server's command after --.\n${DEMO_USAGE}\n`);
    return 2;
  }
  const chromium = await loadChromium();
  if (!chromium) {
    out.stderr(`${MISSING_PLAYWRIGHT}\n`);
    return 1;
  }
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  // The demo on 2025-11-25: a URL flow there completes by the server's notification, with no extra click to explain.
  const inspector = target ? await startInspector({ target: { command: target[0], args: target.slice(1) } }) : await startInspector({ protocol: '2025-11-25' });
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
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
    await context.tracing.start({ screenshots: true, snapshots: true, title: 'elicitation-inspector demo' });
    await page.goto(inspector.url);
    await page
      .getByRole('status', { name: 'Connection status' })
      .filter({ hasText: /^Connected$/ })
      .waitFor({ timeout: 30_000 });
    const walk = new WalkthroughPage(page, dir, paceMs);
    try {
      if (target) await targetWalkthrough(walk);
      else await demoWalkthrough(walk);
    } finally {
      await context.tracing.stop({ path: join(dir, 'trace.zip') });
      await context.close();
    }
    out.stdout(
      `Wrote ${walk.screenshots.length} screenshots to ${dir}\ntrace: ${join(dir, 'trace.zip')} (npx playwright show-trace ${join(dir, 'trace.zip')})\n${videoNote}\n`,
    );
    return 0;
  } finally {
    await browser.close();
    await inspector.stop();
  }
}

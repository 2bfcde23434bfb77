/**
 * `elicitation-inspector conformance-client <url>`: the client command the
 * official conformance suite drives (the server URL last, the scenario's name in
 * MCP_CONFORMANCE_SCENARIO). Headless: it connects, calls each tool the server
 * lists, and accepts every elicitation with the requested schema's defaults
 * (SEP-1034), through the same step driver and answer path as a scenario.
 */
import { oauthFromConformanceContext } from '../auth/conformance-context';
import { SessionRegistry } from '../session/session-registry';
import type { RuleSet } from '../wire/rules';
import { SessionSettingsSchema } from '../wire/target';
import { EXIT } from './run-cli';
import { EventFeed } from './scenario-runner';
import { driveStep } from './step-driver';

const ACCEPT_WITH_DEFAULTS: RuleSet = { enabled: true, rules: [{ enabled: true, name: 'accept with defaults', match: {}, answer: { action: 'accept' } }] };

type Io = { out: (text: string) => void; err: (text: string) => void };

export async function conformanceClient(argv: string[], io: Io = stdio()): Promise<number> {
  const url = argv[argv.length - 1];
  if (!url || !/^https?:\/\//.test(url)) {
    io.err('elicitation-inspector: conformance-client takes the server URL as its last argument.\n');
    return EXIT.usage;
  }
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '(no MCP_CONFORMANCE_SCENARIO)';
  const registry = new SessionRegistry();
  // Auth scenarios hand over a pre-registered client; without one, the sign-in registers itself.
  const oauth = oauthFromConformanceContext(process.env.MCP_CONFORMANCE_CONTEXT, scenario);
  const target = { transport: 'http' as const, url, headers: {}, ...(oauth && { oauth }) };
  const session = await registry.connect(target, SessionSettingsSchema.parse({ requestTimeoutMs: 30_000 }));
  const events = new EventFeed(session);
  try {
    const tools = new Promise<string[]>((resolve) => {
      const stop = events.listen((event) => {
        if (event.kind !== 'tools') return;
        stop();
        resolve(event.tools.flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])));
      });
    });
    const ready = await events.untilReady();
    if (ready !== 'ready') {
      io.err(`elicitation-inspector: ${scenario}: could not connect: ${ready}\n`);
      return EXIT.error;
    }
    let failed = 0;
    for (const [i, name] of (await tools).entries()) {
      const step = { call: name, arguments: {}, elicitations: [], expect: { isError: false } };
      const drive = () => driveStep({ session, rules: ACCEPT_WITH_DEFAULTS, listen: (handler) => events.listen(handler) }, step, i + 1);
      // A step-up (403 insufficient_scope) is the call's own business: it runs again once the wider scope is granted.
      const { fatal, ...result } = await drive();
      io.out(
        `${scenario}: ${result.status} ${name} (${result.durationMs} ms)${result.failures.map((f) => `; ${f.expectation}: expected ${f.expected}, got ${f.actual}`).join('')}\n`,
      );
      if (result.status === 'failed') failed++;
      if (fatal) return EXIT.error;
    }
    return failed ? EXIT.failed : EXIT.passed;
  } finally {
    await session.close('user');
    events.stop();
  }
}

function stdio(): Io {
  return { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) };
}

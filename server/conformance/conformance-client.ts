/**
 * `elicitation-inspector conformance-client <url>`: the client command the
 * official conformance suite drives (the server URL last; the scenario's name in
 * MCP_CONFORMANCE_SCENARIO, the revision to speak in MCP_CONFORMANCE_PROTOCOL_VERSION,
 * what it hands over in MCP_CONFORMANCE_CONTEXT). Headless: it connects, calls
 * the tools the context names with the context's arguments (else each tool the
 * server lists, with arguments that fit its schema), and accepts every
 * elicitation with the requested schema's defaults (SEP-1034), through the same
 * step driver and answer path as a scenario.
 *
 * The exit code is the client's own: a server that answers a call with a
 * JSON-RPC error has still been spoken to correctly (the suite checks the
 * server's side); only a call the client could not carry through (no answer,
 * a sign-in that failed, an elicitation left unanswered) exits non-zero.
 */
import { oauthFromConformanceContext } from '../auth/conformance-context';
import { SessionRegistry } from '../registry/session-registry';
import type { EventOf } from '../wire/events';
import type { RuleSet } from '../wire/rules';
import { PROTOCOL_CHOICES, SessionSettingsSchema, type ProtocolChoice } from '../wire/target';
import { conformanceToolCalls, type ToolCall } from './conformance-tool-calls';
import { EXIT } from '../scenarios/run-cli';
import { EventFeed } from '../scenarios/scenario-runner';
import { argumentsFor } from '../scenarios/schema-arguments';
import { driveStep, type StepResult } from '../scenarios/step-driver';

const ACCEPT_WITH_DEFAULTS: RuleSet = { enabled: true, rules: [{ enabled: true, name: 'accept with defaults', match: {}, answer: { action: 'accept' } }] };

/**
 * The client ID metadata document URL the suite's CIMD scenario expects as the
 * client id (its authorization server checks the id, it never fetches it). Used
 * only where an authorization server says it supports such documents; the
 * others are registered with as before.
 */
export const SUITE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

type Io = { out: (text: string) => void; err: (text: string) => void };
type CallEnd = EventOf<'call-end'>;

export async function conformanceClient(argv: string[], io: Io = stdio(), env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const url = argv[argv.length - 1];
  if (!url || !/^https?:\/\//.test(url)) {
    io.err('elicitation-inspector: conformance-client takes the server URL as its last argument.\n');
    return EXIT.usage;
  }
  const scenario = env.MCP_CONFORMANCE_SCENARIO ?? '(no MCP_CONFORMANCE_SCENARIO)';
  const registry = new SessionRegistry();
  // Auth scenarios hand over a pre-registered client; without one, the sign-in registers itself (or uses the metadata document URL).
  const oauth = oauthFromConformanceContext(env.MCP_CONFORMANCE_CONTEXT, scenario) ?? {
    grant: 'authorization_code' as const,
    keepTokens: false,
    clientMetadataUrl: SUITE_CLIENT_METADATA_URL,
  };
  const target = { transport: 'http' as const, url, headers: {}, oauth };
  const settings = SessionSettingsSchema.parse({ requestTimeoutMs: 30_000, protocol: protocolFrom(env.MCP_CONFORMANCE_PROTOCOL_VERSION) });
  const session = await registry.connect(target, settings);
  const events = new EventFeed(session);
  const ends = new Map<string, CallEnd>();
  const stopEnds = events.listen((event) => void (event.kind === 'call-end' && ends.set(event.callId, event)));
  try {
    const listed = new Promise<ListedTools>((resolve) => {
      const stop = events.listen((event) => {
        if (event.kind === 'tools') resolve({ tools: event.tools });
        else if (isListFailure(event) && !isListedAgain(event)) resolve({ error: event.error.message });
        else if (event.kind === 'oauth' && event.step === 'failed') resolve({ error: event.message });
        else return;
        stop();
      });
    });
    const ready = await events.untilReady();
    if (ready !== 'ready') {
      io.err(`elicitation-inspector: ${scenario}: could not connect: ${ready}\n`);
      return EXIT.error;
    }
    const given = conformanceToolCalls(env.MCP_CONFORMANCE_CONTEXT);
    const list = await listed;
    if (!given && 'error' in list) {
      io.err(`elicitation-inspector: ${scenario}: no tool was called: ${list.error}\n`);
      return EXIT.failed;
    }
    const calls = given ?? callsFor('tools' in list ? list.tools : []);
    if (calls.length === 0) io.out(`${scenario}: no tool was called: the server lists none\n`);
    let failed = 0;
    for (const [i, call] of calls.entries()) {
      const step = { call: call.name, arguments: call.arguments, elicitations: [], expect: {} };
      const { fatal, ...result } = await driveStep({ session, rules: ACCEPT_WITH_DEFAULTS, listen: (handler) => events.listen(handler) }, step, i + 1);
      const verdict = judge(result, result.callId ? ends.get(result.callId) : undefined);
      io.out(`${scenario}: ${verdict.line} ${call.name} (${result.durationMs} ms)${verdict.why}\n`);
      if (verdict.isClientFailure) failed++;
      if (fatal) return EXIT.error;
    }
    return failed ? EXIT.failed : EXIT.passed;
  } finally {
    stopEnds();
    await session.close('user');
    events.stop();
  }
}

type ProxyError = EventOf<'proxy-error'>;

function isListFailure(event: { kind: string }): event is ProxyError {
  return event.kind === 'proxy-error' && (event as ProxyError).error.message.startsWith('tools/list failed');
}

/** The failure started a sign-in, after which the session lists the tools again. */
function isListedAgain(event: ProxyError): boolean {
  const { detail } = event.error;
  return typeof detail === 'object' && detail !== null && 'listedAgainAfterSignIn' in detail;
}

type ListedTools = { tools: Record<string, unknown>[] } | { error: string };

function callsFor(tools: Record<string, unknown>[]): ToolCall[] {
  return tools.flatMap((tool) => (typeof tool.name === 'string' ? [{ name: tool.name, arguments: argumentsFor(tool.inputSchema) }] : []));
}

/**
 * A call the server answered, result or JSON-RPC error, was carried through; any
 * other end (no answer, the SDK refusing what came, a refused sign-in) and any
 * elicitation the client could not answer is the client's failure.
 */
function judge(result: Omit<StepResult, 'fatal'>, end: CallEnd | undefined): { line: string; why: string; isClientFailure: boolean } {
  const serverError = end?.outcome === 'error' && typeof end.error?.code === 'number' ? end.error : undefined;
  const failures = result.failures.filter((failure) => !(serverError && failure.expectation === 'outcome'));
  if (failures.length)
    return { line: 'failed', why: failures.map((f) => `; ${f.expectation}: expected ${f.expected}, got ${f.actual}`).join(''), isClientFailure: true };
  if (serverError) return { line: 'answered with an error', why: ` (the server's: ${serverError.code} ${serverError.message})`, isClientFailure: false };
  return { line: 'passed', why: end?.result?.isError === true ? ' (the tool answered isError)' : '', isClientFailure: false };
}

/** The revision the suite runs the scenario at; anything else (or nothing) negotiates. */
function protocolFrom(version: string | undefined): ProtocolChoice {
  return PROTOCOL_CHOICES.find((choice) => choice !== 'auto' && choice === version) ?? 'auto';
}

function stdio(): Io {
  return { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) };
}

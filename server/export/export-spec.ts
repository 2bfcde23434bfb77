/**
 * A recorded session as a Playwright test: the same calls (tools/call, prompts/get,
 * resources/read) with the same arguments, the same answers to each elicitation,
 * and the results it saw asserted.
 * Pure (events in, source text out), so the page's button and the CLI share it.
 */
import type { EventOf, LogEvent } from '../wire/events';
import { isScopeRefusal } from '../wire/oauth';
import { SessionModel, type CallView } from '../wire/session-model';
import { listedResources, pickResource } from './export-spec-resources';
import { portableServer, type PortableServer } from './export-spec-server';

/** What the test expects of a call, by how it ended. */
const STATUS_OF_OUTCOME = { error: 'Protocol error', timeout: 'Timed out', cancelled: 'Cancelled' } as const;
/** Result texts longer than this are asserted by their start: enough to tell a change, short enough to read. */
const MAX_ASSERTED_CHARS = 300;

type Answer = { key: string; mode: 'form' | 'url'; action: string; content?: Record<string, unknown> };
type ReplayedCall = { start: CallView; answers: Answer[]; end?: EventOf<'call-end'> };

export type ExportSpecOptions = {
  /** The test's title; the server's name and the session id by default. */
  title?: string;
  /** The folder the spec is written to, when known: recorded paths in the project are written relative to it. */
  specDir?: string;
};

export function exportSpec(events: readonly LogEvent[], options: ExportSpecOptions = {}): string {
  const connecting = events.find((e): e is EventOf<'session-state'> & { state: 'connecting' } => e.kind === 'session-state' && e.state === 'connecting');
  const ready = events.find((e): e is EventOf<'session-state'> & { state: 'ready' } => e.kind === 'session-state' && e.state === 'ready');
  const calls = replayedCalls(events);
  const listed = listedResources(events);
  const serverName = ready?.serverInfo?.name ?? 'the server';
  const title = options.title ?? `replays ${calls.length} call(s) to ${serverName} (session ${events[0]?.sessionId.slice(0, 8) ?? 'empty'})`;

  const server = connecting?.target.transport === 'stdio' && !connecting.target.isDemo ? portableServer(connecting.target, options.specDir) : undefined;
  const lines = [
    '// Exported by elicitation-inspector from a recorded session: the same calls and answers, and the results it saw.',
    ...(server?.cwd !== undefined ? ["import { dirname, resolve } from 'node:path';"] : []),
    "import { expect, test } from 'elicitation-inspector/playwright';",
    '',
    ...(server ? serverLines(server) : []),
    ...useLines(connecting, server),
    '',
    `test(${str(title)}, async ({ app }) => {`,
  ];
  if (calls.length === 0) lines.push('  // The session made no tool call.');
  for (const call of calls) {
    const start = startLine(call.start, listed);
    lines.push(...(typeof start === 'string' ? callLines(call, start) : [`  // ${comment(start.skipped)}`]));
  }
  lines.push('});', '');
  return lines.join('\n');
}

/** The actions that answer an elicitation; a URL flow's open-url or copy-url is its accept. */
const ANSWERS = new Set(['accept', 'decline', 'cancel', 'open-url', 'copy-url']);

/** Each call with the answers to its elicitations, in the order given, as the session model ties them. */
function replayedCalls(events: readonly LogEvent[]): ReplayedCall[] {
  const model = SessionModel.of(events);
  return [...model.calls.values()].map((call) => {
    const answered = model.elicitationsOf(call).flatMap((e) => {
      // The kit has no page-object step for a sampling reply yet: such a call is replayed without its answer.
      if (e.mode === 'sampling') return [];
      // One answer per elicitation: a URL flow logs accept and then open-url for one click.
      const given = e.actions.find((a) => ANSWERS.has(a.action));
      if (!given) return [];
      const action = given.action === 'open-url' || given.action === 'copy-url' ? 'accept' : given.action;
      return [{ seq: given.seq, answer: { key: e.key, mode: e.mode, action, content: given.content } }];
    });
    const answers = answered.sort((a, b) => a.seq - b.seq).map(({ answer }) => answer);
    return { start: call, answers, ...(call.end && { end: call.end }) };
  });
}

/** The server under test as one constant at the top: the place to edit when the project moves. */
function serverLines(server: PortableServer): string[] {
  const env = Object.keys(server.env).length ? `, env: ${JSON.stringify(server.env)}` : '';
  const cwd = server.cwd !== undefined ? `, cwd: ${str(server.cwd)}` : '';
  const command = server.isNode ? 'process.execPath' : str(server.command);
  return [
    '// The server under test, as recorded: edit it here to run this test elsewhere.',
    ...(server.isNode ? ['// `process.execPath` is the Node.js that runs this test (the session used a node binary).'] : []),
    ...(server.cwd !== undefined ? ["// Relative paths in args are from cwd; a relative cwd is from this file's folder."] : []),
    `const SERVER = { command: ${command}, args: ${JSON.stringify(server.args)}${env}${cwd} };`,
    '',
  ];
}

function useLines(connecting: (EventOf<'session-state'> & { state: 'connecting' }) | undefined, server: PortableServer | undefined): string[] {
  if (!connecting) return ['// No connection was recorded: the inspector starts on its demo server.'];
  const lines: string[] = [];
  const target = connecting.target;
  const protocol = connecting.settings.protocol === 'auto' ? undefined : connecting.settings.protocol;
  const use: string[] = [];
  if (server?.cwd !== undefined) {
    // A fixture rather than a value: only a test knows its file, and so where a relative cwd starts.
    lines.push(
      "// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern",
      'const inspectorTarget = async ({}, use: (target: typeof SERVER) => Promise<void>, testInfo: { file: string }) =>',
      '  use({ ...SERVER, cwd: resolve(dirname(testInfo.file), SERVER.cwd) });',
    );
    use.push('inspectorTarget');
  } else if (server) {
    use.push('inspectorTarget: SERVER');
  } else if (target.transport !== 'stdio') {
    const names = Object.keys(target.headers);
    if (names.length) lines.push(`// The session sent the header(s) ${names.join(', ')}; their values are not recorded: add them under headers.`);
    use.push(`inspectorTarget: { url: ${str(target.url)}, transport: ${str(target.transport)} }`);
  } else lines.push("// The inspector's demo server, as in the recorded session.");
  if (protocol) use.push(`inspectorProtocol: ${str(protocol)}`);
  if (use.length) lines.push(`test.use({ ${use.join(', ')} });`);
  return lines;
}

/** The page-object step that starts the call, or why it cannot be replayed in the page. */
function startLine(start: CallView, listed: ReturnType<typeof listedResources>): string | { skipped: string } {
  const args = start.arguments ?? {};
  if (start.method === 'tools/call') return `  await app.callTool(${str(start.name)}, ${JSON.stringify(args)});`;
  if (start.method === 'prompts/get') {
    // A prompt's arguments are strings, typed into its form.
    const typed = Object.fromEntries(Object.entries(args).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
    return `  await app.getPrompt(${str(start.name)}, ${JSON.stringify(typed)});`;
  }
  const pick = pickResource(start.name, listed);
  if (!pick)
    return {
      skipped: `resources/read ${start.name} (${start.callId}) is not replayed: the page reads a resource by the name it is listed under, and the session never listed this URI.`,
    };
  return `  await app.readResource(${str(pick.name)}${pick.variables ? `, ${JSON.stringify(pick.variables)}` : ''});`;
}

function callLines({ start, answers, end }: ReplayedCall, startLine: string): string[] {
  const label = `${start.method === 'tools/call' ? '' : `${start.method} `}${start.name} (${start.callId})`;
  const lines = ['', `  // ${comment(label)}`, startLine];
  for (const answer of answers) {
    const next = answer.mode === 'form' ? 'app.nextForm()' : 'app.nextUrlFlow()';
    if (answer.mode === 'form' && answer.action === 'accept') lines.push(`  await (await ${next}).acceptContent(${JSON.stringify(answer.content ?? {})});`);
    else if (answer.mode === 'url' && answer.action === 'accept') {
      lines.push(`  await (await ${next}).consent(); // the recorded session finished this flow outside the inspector`);
    } else lines.push(`  await (await ${next}).${answer.action === 'decline' ? 'decline' : 'cancel'}();`);
  }
  if (!end) return [...lines, '  // The recorded session ended before this call did: nothing to assert.'];
  lines.push('  {', '    const outcome = await app.callOutcome();');
  const status =
    end.outcome === 'result'
      ? end.result?.isError === true
        ? 'Tool error'
        : 'Completed'
      : end.outcome === 'error' && isScopeRefusal(end.error)
        ? 'Scope refused'
        : STATUS_OF_OUTCOME[end.outcome];
  lines.push(`    expect(outcome.status, ${str(`the state of ${label}`)}).toBe(${str(status)});`);
  for (const text of resultTexts(end)) lines.push(`    expect(outcome.result, ${str(`the result of ${label}`)}).toContain(${str(text)});`);
  lines.push('  }');
  return lines;
}

/**
 * The texts of a result, as the page shows them (each cut to MAX_ASSERTED_CHARS): a tool's
 * text content, a prompt's text messages, a resource's text contents.
 */
function resultTexts(end: EventOf<'call-end'>): string[] {
  const result = end.result;
  const parts: unknown[] = [];
  if (Array.isArray(result?.content)) parts.push(...(result.content as unknown[]));
  if (Array.isArray(result?.messages)) for (const message of result.messages as unknown[]) parts.push(isRecord(message) ? message.content : undefined);
  if (Array.isArray(result?.contents)) parts.push(...(result.contents as unknown[]));
  return parts.flatMap((part) => {
    // Resource contents carry text without a type; content blocks say type "text".
    if (!isRecord(part) || typeof part.text !== 'string' || ('type' in part && part.type !== 'text')) return [];
    const text = part.text.slice(0, MAX_ASSERTED_CHARS);
    return text.trim() ? [text] : [];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A string literal: JSON's escaping is valid TypeScript. */
function str(text: string): string {
  return JSON.stringify(text);
}

/** Text safe in a line comment: no line breaks. */
function comment(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

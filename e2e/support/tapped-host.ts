/**
 * A host on the classic SDK (1.32) that launches the stdio tap in front of the demo server,
 * recording into an inspector's data folder. It keeps what its own elicitation handler was asked
 * and its transcript: the tests of Hold and answer here check the host was never asked while the
 * inspector answered in its place, and what crossed the wire.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { TAP_FILE_PREFIX } from '../../server/store/data-dir';
import type { SessionSummary } from '../../server/wire/commands';
import type { InspectorClient } from './inspector-client';
import { demoStdio, ROOT } from './processes';
import { RecordingTransport, type TranscriptLine } from './recording-transport';

export type TappedHost = { client: Client; asked: unknown[]; transcript: TranscriptLine[] };

const HOST_ANSWER: ElicitResult = { action: 'accept', content: { confirm: false, note: 'from the host' } };

/** `answer`: the host's answer to every form, or a function that gives it when the host is asked (a host that takes its time). */
export async function connectTappedHost(dataDir: string, answer: ElicitResult | (() => Promise<ElicitResult>) = HOST_ANSWER): Promise<TappedHost> {
  const demo = demoStdio();
  const transport = new RecordingTransport(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', dataDir, '--', demo.command, ...demo.args],
      cwd: ROOT,
      stderr: 'pipe',
    }),
  );
  const client = new Client({ name: 'Holding Host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
  const asked: unknown[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return typeof answer === 'function' ? answer() : answer;
  });
  await client.connect(transport);
  return { client, asked, transcript: transport.transcript };
}

/**
 * The tapped session that appeared since `before` (ids the watcher listed), once `is` holds for
 * it. Only `tap-` sessions count: a session the inspector drives (its demo, when started without
 * --no-connect) can join the list at any moment and is never the one a test is after.
 */
export function newTappedSession(
  watcher: InspectorClient,
  before: ReadonlySet<string>,
  is: (summary: SessionSummary) => boolean = (summary) => summary.isLive,
  what = 'the tapped session',
): Promise<SessionSummary> {
  return watcher.waitFor(() => watcher.sessions.find((s) => s.sessionId.startsWith(TAP_FILE_PREFIX) && !before.has(s.sessionId) && is(s)), 30_000, what);
}

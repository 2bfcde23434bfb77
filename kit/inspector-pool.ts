/**
 * One inspector kept by a Playwright worker for the tests that share it (`inspectorShared`).
 * Starting an inspector costs each test a process, the proxy's start and its MCP SDK
 * load; a shared one instead gets a fresh session before each test: every live session
 * is disconnected, the start-up connection is made again with the settings it was
 * started with, and every other session (and its file) is deleted. What a test then
 * sees is what a new inspector shows: one session, its own log, its own calls.
 *
 * The pool keeps one socket open to its inspector for as long as it holds it. The proxy
 * closes live sessions once no client has watched them for `--idle-close` seconds (15 by
 * default); with a socket opened only for each reset, that countdown ran from the reset to
 * the next page's connect, and a page slow to load on a loaded machine found its session
 * "Closed because no page was watching it". The worker is watching: its socket says so.
 */
import type { SessionSettings } from '../server/wire/target.js';
import { CommandFailure } from '../server/wire/wire-client.js';
import { InspectorSocket } from './inspector-socket.js';
import { startInspector, type Inspector, type InspectorOptions } from './start-inspector.js';

/** How long the proxy may take to list its start-up session (it loads the MCP SDK first). */
const START_SESSION_TIMEOUT_MS = 30_000;

type Shared = {
  key: string;
  inspector: Inspector;
  /** Open from the start to stop(): the worker watching its inspector, and the socket resets use. */
  socket: InspectorSocket;
  /** The session the next reset starts again (undefined: the inspector connects to nothing at start). */
  startSession: { sessionId: string; settings: SessionSettings } | undefined;
  /** Whether a test has used it since its start or last reset. */
  isUsed: boolean;
};

/** Whether the inspector connects at start; a --config file decides that by its contents, which the pool cannot see. */
function connectsAtStart(args: string[]): boolean {
  return !args.includes('--no-connect');
}

/** A --config inspector picks its start-up server from the file: it is never shared (the fixture starts one per test). */
export function canShare(args: string[]): boolean {
  return !args.includes('--config');
}

export class InspectorPool {
  private current: Shared | undefined;

  /** The worker's inspector for these options, started if it has none for them, with a fresh session. */
  async acquire(options: InspectorOptions): Promise<Inspector> {
    const key = JSON.stringify([options.target, options.protocol, options.args]);
    if (this.current?.key !== key) {
      await this.stop();
      this.current = await this.start(key, options);
    } else if (this.current.isUsed) {
      try {
        await this.reset(this.current);
      } catch (error) {
        // A test can leave an inspector no reset can mend (it stopped it, or deleted the start-up session's
        // successor): start a new one, which is exactly what an unshared test gets.
        await this.stop();
        this.current = await this.start(key, options);
        console.warn(`elicitation-inspector/playwright: started a new shared inspector: ${reasonOf(error)}`);
      }
    }
    this.current.isUsed = true;
    return this.current.inspector;
  }

  async stop(): Promise<void> {
    const shared = this.current;
    this.current = undefined;
    shared?.socket.close();
    await shared?.inspector.stop();
  }

  private async start(key: string, options: InspectorOptions): Promise<Shared> {
    const inspector = await startInspector(options);
    let socket: InspectorSocket | undefined;
    try {
      socket = await InspectorSocket.open(inspector);
      const args = options.args ?? [];
      let startSession: Shared['startSession'];
      if (connectsAtStart(args)) {
        const [first] = await socket.waitForSessions((sessions) => sessions.length > 0, START_SESSION_TIMEOUT_MS);
        startSession = { sessionId: first.sessionId, settings: first.settings };
      }
      return { key, inspector, socket, startSession, isUsed: false };
    } catch (error) {
      socket?.close();
      await inspector.stop();
      throw error;
    }
  }

  private async reset(shared: Shared): Promise<void> {
    if (shared.inspector.process.exitCode !== null || shared.inspector.process.signalCode !== null) throw new Error('the shared inspector has exited');
    const { socket } = shared;
    if (!socket.isOpen()) throw new Error('the socket to the shared inspector has closed');
    const before = await socket.waitForSessions(() => true, START_SESSION_TIMEOUT_MS);
    for (const session of before.filter((s) => s.isLive)) await socket.send('disconnect', { sessionId: session.sessionId });
    let keep: string | undefined;
    if (shared.startSession) {
      const { sessionId, settings } = shared.startSession;
      keep = (await socket.send('reconnect', { sessionId, settings })).sessionId;
      shared.startSession = { sessionId: keep, settings };
    }
    const after = await socket.waitForSessions((sessions) => sessions.some((s) => s.sessionId === keep) || !keep, START_SESSION_TIMEOUT_MS);
    for (const session of after.filter((s) => s.sessionId !== keep)) await socket.send('delete-session', { sessionId: session.sessionId });
  }
}

/** Why a reset failed: a command's failure names the command (its message is the proxy's sentence alone). */
function reasonOf(error: unknown): string {
  if (error instanceof CommandFailure) return `${error.command}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

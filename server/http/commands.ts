import type { ClientCommand, CommandResults } from '../wire/commands';
import type { WireError } from '../wire/events';
import type { Session } from '../session/session';
import type { SessionRegistry } from '../session/session-registry';

export class CommandError extends Error {
  constructor(readonly wireError: WireError) {
    super(wireError.message);
  }
}

export type CommandContext = {
  registry: SessionRegistry;
  /** Start (or replace) this socket's subscription to a session's events; resolves once the backlog is sent. */
  subscribe(sessionId: string, afterSeq: number): Promise<number>;
};

/**
 * Run one command from a page (or a script speaking the same protocol). Routes
 * only parse and dispatch; what a command means lives in the session.
 */
export async function runCommand(command: ClientCommand, ctx: CommandContext): Promise<CommandResults[ClientCommand['type']]> {
  const { registry } = ctx;
  switch (command.type) {
    case 'subscribe':
      return { lastSeq: await ctx.subscribe(command.params.sessionId, command.params.afterSeq) };
    case 'connect': {
      const session = await registry.connect(command.params.target, command.params.settings);
      return { sessionId: session.id };
    }
    case 'reconnect': {
      const previous = liveOrRecorded(registry, command.params.sessionId);
      if (previous.isLive) await previous.close('replaced');
      const session = await registry.connect(previous.target, command.params.settings ?? previous.settings, previous.isDemo);
      return { sessionId: session.id };
    }
    case 'disconnect': {
      const session = liveOrRecorded(registry, command.params.sessionId);
      if (!session.isLive) return {}; // already ended: nothing to do, and nothing to log
      session.emit({ kind: 'action', actor: 'user', action: 'disconnect' });
      await session.close('user');
      return {};
    }
    case 'list-tools':
      return { count: await connected(registry, command.params.sessionId).refreshTools() };
    case 'call-tool':
      return { callId: connected(registry, command.params.sessionId).callTool(command.params.name, command.params.arguments) };
    case 'cancel-call': {
      const session = live(registry, command.params.sessionId);
      session.emit({ kind: 'action', actor: 'user', action: 'cancel-call', callId: command.params.callId });
      activeCall(session, command.params.callId).cancel();
      return {};
    }
    case 'retry-call': {
      const session = live(registry, command.params.sessionId);
      if (!activeCall(session, command.params.callId).retry()) {
        throw new CommandError({ code: 'conflict', message: 'This call is not waiting for a retry.' });
      }
      return {};
    }
    case 'set-call-timer': {
      const session = live(registry, command.params.sessionId);
      const { callId, suspended } = command.params;
      session.emit({ kind: 'action', actor: 'user', action: suspended ? 'suspend-timeout' : 'resume-timeout', callId });
      activeCall(session, callId).setSuspended(suspended);
      return {};
    }
    case 'answer-elicitation': {
      const { sessionId, key, action, content, skipValidation } = command.params;
      const error = live(registry, sessionId).answerElicitation(key, action, content, skipValidation);
      if (error) throw new CommandError(error);
      return {};
    }
    case 'record-action': {
      const { sessionId, key, action } = command.params;
      if (!live(registry, sessionId).recordAction(key, action)) {
        throw new CommandError({ code: 'not-found', message: `No elicitation ${key} in this session.` });
      }
      return {};
    }
    case 'delete-session': {
      const outcome = registry.delete(command.params.sessionId);
      if (outcome === 'live') throw new CommandError({ code: 'conflict', message: 'Disconnect the session before deleting it.' });
      if (outcome === 'unknown') throw new CommandError({ code: 'not-found', message: `No session ${command.params.sessionId}.` });
      return {};
    }
  }
}

/** A session driven in this run, live or ended (recorded sessions from files cannot be driven or reconnected). */
function liveOrRecorded(registry: SessionRegistry, sessionId: string): Session {
  const session = registry.get(sessionId);
  if (!session) {
    const known = registry.source(sessionId) !== undefined;
    throw new CommandError({ code: known ? 'conflict' : 'not-found', message: known ? 'This is a recorded session: it can be read, not driven. Connect anew from the Connection form.' : `No session ${sessionId}.` });
  }
  return session;
}

function live(registry: SessionRegistry, sessionId: string): Session {
  const session = liveOrRecorded(registry, sessionId);
  if (!session.isLive) throw new CommandError({ code: 'conflict', message: 'This session has ended; it can be read but not driven. Reconnect to start a new one.' });
  return session;
}

/** A live session that has finished connecting: only then does it have a server to send requests to. */
function connected(registry: SessionRegistry, sessionId: string): Session {
  const session = live(registry, sessionId);
  if (session.state !== 'ready') throw new CommandError({ code: 'conflict', message: 'The session is still connecting: wait until it is connected.' });
  return session;
}

function activeCall(session: Session, callId: string) {
  const call = session.call(callId);
  if (!call) throw new CommandError({ code: 'not-found', message: `Call ${callId} is not running.` });
  return call;
}

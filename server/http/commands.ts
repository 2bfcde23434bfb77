import type { ClientCommand, CommandResults } from '../wire/commands';
import type { SessionRegistry } from '../registry/session-registry';
import { WireFailure } from '../wire/errors';
import { APP_VIEW_PATH } from '../session/apps/app-views';
import type { Scenario } from '../wire/scenario';
import { unframeablePage } from './app-origin';
import { runQuery } from './query-commands';
import { tools } from './tools';

export type CommandContext = {
  registry: SessionRegistry;
  /** Start (or replace) this socket's subscription to a session's events; resolves once the backlog is sent. */
  subscribe(sessionId: string, afterSeq: number): Promise<number>;
  /** The exact origin of the page on this socket (app-origin.ts `pageOrigin`): the one that may frame its app views. */
  pageOrigin: string;
  /** The second origin app views are served on (app-origin.ts). */
  appOrigin: string;
};

/**
 * Run one command from a page (or a script speaking the same protocol). This
 * only dispatches: what a command means, and why it is refused (a `WireFailure`
 * with its code), lives in the session layer, where anything else that drives
 * sessions calls the same methods.
 */
export async function runCommand(command: ClientCommand, ctx: CommandContext): Promise<CommandResults[ClientCommand['type']]> {
  const { registry } = ctx;
  switch (command.type) {
    case 'subscribe':
      return { lastSeq: await ctx.subscribe(command.params.sessionId, command.params.afterSeq) };
    case 'connect':
      return { sessionId: (await registry.connect(command.params.target, registry.pageSettings(command.params.settings))).id };
    case 'reconnect': {
      const { settings } = command.params;
      return { sessionId: (await registry.reconnect(command.params.sessionId, settings && registry.pageSettings(settings))).id };
    }
    case 'disconnect':
      await registry.disconnect(command.params.sessionId);
      return {};
    case 'list-tools':
      return { count: await registry.refreshTools(command.params.sessionId) };
    case 'call-tool':
      return { callId: registry.callTool(command.params.sessionId, command.params.name, command.params.arguments, command.params.asTask) };
    case 'list-catalog':
      return registry.listCatalog(command.params.sessionId, command.params.kind, command.params.cursor);
    case 'get-prompt':
      return { callId: registry.getPrompt(command.params.sessionId, command.params.name, command.params.arguments) };
    case 'read-resource':
      return { callId: registry.readResource(command.params.sessionId, command.params.uri) };
    case 'cancel-call':
      registry.cancelCall(command.params.sessionId, command.params.callId);
      return {};
    case 'retry-call':
      registry.retryCall(command.params.sessionId, command.params.callId);
      return {};
    case 'set-call-timer':
      registry.setCallTimer(command.params.sessionId, command.params.callId, command.params.suspended);
      return {};
    case 'answer-elicitation': {
      const { sessionId, key, action, content, skipValidation, actor } = command.params;
      registry.answerElicitation(sessionId, key, action, content, skipValidation, actor);
      return {};
    }
    case 'set-tap-hold':
      registry.setTapHold(command.params.sessionId, command.params.isOn);
      return {};
    case 'open-app-view': {
      const refusal = unframeablePage(ctx.pageOrigin);
      if (refusal) throw new WireFailure('forbidden', refusal);
      const { id, ...view } = await registry.openAppView(command.params.sessionId, command.params.key, ctx.pageOrigin);
      return { ...view, url: `${ctx.appOrigin}${APP_VIEW_PATH}${id}` };
    }
    case 'report-app-view': {
      registry.reportAppView(command.params.sessionId, command.params.key, command.params.problems);
      return {};
    }
    case 'record-action':
      registry.recordAction(command.params.sessionId, command.params.key, command.params.action);
      return {};
    case 'delete-session':
      registry.remove(command.params.sessionId);
      return {};
    case 'connect-configured': {
      const configured = registry.configured;
      if (!configured) throw new WireFailure('not-found', 'The inspector was started without --config: there are no configured servers.');
      return { sessionId: (await registry.connect(configured.target(command.params.name), registry.pageSettings(command.params.settings))).id };
    }
    case 'diagnose': {
      const session = registry.get(command.params.sessionId);
      if (!session) throw new WireFailure('conflict', 'This session was recorded by an earlier run or imported: connect to it again, then check.');
      // Loaded when asked: the doctor pulls in the MCP SDK, which start-up does not need.
      const { diagnose } = await tools.doctor();
      return diagnose(session.target, session.settings);
    }
    case 'run-scenario': {
      const { runScenario } = await tools.scenarioRunner();
      return { runs: await runScenario(await parseScenarioCommand(command.params.scenario), { registry }) };
    }
    case 'scenario-from-session': {
      const { sessionId } = command.params;
      const source = registry.source(sessionId);
      if (!source) throw new WireFailure('not-found', `No session ${sessionId}.`);
      const { scenarioFromSource, sessionToScenario } = await tools.sessionToScenario();
      const path = registry.filePath(sessionId);
      // A file no longer written is read whole and checked, as scenario-from reads it: damage is said, not skipped.
      if (!path || registry.isBeingWritten(sessionId)) return { scenario: await scenarioFromSource(source) };
      const [{ readSessionFile }, { SessionFileError }] = await Promise.all([import('../store/read-session'), import('../store/session-file')]);
      try {
        return { scenario: sessionToScenario((await readSessionFile(path)).events) };
      } catch (error) {
        if (error instanceof SessionFileError) throw new WireFailure('invalid-file', error.message, { line: error.line });
        throw error;
      }
    }
    case 'set-rules':
      registry.setRules(command.params.sessionId, command.params.rules);
      return {};
    case 'set-standing-rules':
      registry.setStanding(command.params.rules);
      return {};
    case 'sign-out':
      registry.live(command.params.sessionId).signOut();
      return {};
    case 'open-entries':
    case 'read-entries':
    case 'find-entries':
    case 'list-calls':
      return runQuery(command, registry);
    case 'set-roots':
      await registry.setRoots(command.params.sessionId, command.params.roots);
      return {};
  }
}

/** A scenario from the page, read like a file: its problems come back with their paths, as the CLI prints them. */
async function parseScenarioCommand(json: unknown): Promise<Scenario> {
  const { parseScenario, ScenarioFileError } = await tools.scenarioFile();
  try {
    return parseScenario(json);
  } catch (error) {
    if (error instanceof ScenarioFileError) throw new WireFailure('invalid-command', error.message);
    throw error;
  }
}

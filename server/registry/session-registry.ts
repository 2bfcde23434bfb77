import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { RuleEngine } from '../rules/rule-engine';
import type { FollowedSession } from '../store/followed-session';
import { importSession } from '../store/import-session';
import type { RecordedSession } from '../store/recorded-session';
import { SessionLog, type EventSource } from '../store/session-log';
import { sidecarPaths } from '../store/sidecar-file';
import type { SessionSummary } from '../wire/commands';
import type { CatalogKind, CatalogPage } from '../wire/catalog';
import { WireFailure } from '../wire/errors';
import type { RuleSet } from '../wire/rules';
import { secretScrubber, targetSecrets, type JsonScrubber } from '../wire/secret-scrubber';
import { summarizeTarget, type Root, type SessionSettings, type Target } from '../wire/target';
import { AppViews, openAppView, reportAppView, reportRefusedAppAnswer, type OpenedAppView } from '../session/apps/app-views';
import type { CallRunner } from '../session/calls/call-runner';
import type { ConfiguredServers } from './configured-servers';
import { FolderSessions } from './folder-sessions';
import type { Session } from '../session/session';
import { TapControls } from './tap-controls';

/** The ids session files are named by (UUIDs, `tap-` and import prefixes): no separator, no leading dot. */
const SESSION_FILE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export type RegistryOptions = {
  /** Folder for session files; none keeps sessions in memory only. */
  dataDir?: string;
};

/**
 * Every session this proxy knows: the ones it drives (and drove, in this run),
 * and the recorded ones it can show read-only: earlier runs' files and imports.
 * Tells listeners when the list changes.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /** The app views whose sandbox proxies the app origin serves (SEP-3118). */
  readonly appViews = new AppViews();
  /** The data folder's other sessions: earlier runs' and imports (recorded), and taps' being written (followed). */
  private readonly folder: FolderSessions;
  private readonly recorded: Map<string, RecordedSession>;
  private readonly followed: Map<string, FollowedSession>;
  private readonly listeners = new Set<() => void>();
  /** The servers of a --config file, offered to the page. */
  configured: ConfiguredServers | undefined;
  /** Each driven session's secret scrubber: its log uses it for entries, the list for the server's name. */
  private readonly scrubbers = new WeakMap<Session, JsonScrubber>();
  /** Each driven session's response rules at work; a consumer of its log like a page. */
  private readonly ruleEngines = new WeakMap<Session, RuleEngine>();
  /** The way back to the taps of followed sessions: the hold, held answers, rules (tap-controls.ts). */
  private readonly taps: TapControls;
  /** The rules given at start, then as the person last set them on a driven session: see `pageSettings`. */
  private standingRules: RuleSet | undefined;

  constructor(private readonly options: RegistryOptions = {}) {
    this.folder = new FolderSessions(
      options.dataDir,
      (id) => this.sessions.has(id),
      () => this.changed(),
    );
    this.recorded = this.folder.recorded;
    this.followed = this.folder.followed;
    this.taps = new TapControls((id) => this.followed.get(id), options.dataDir);
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  }

  /** List the session files of earlier runs. Runs after start-up; the list updates when done. */
  /** List the data folder's session files, as they stood at the start (folder-sessions.ts). */
  loadRecorded(): Promise<void> {
    return this.folder.load();
  }

  /** Follow the taps writing into the data folder, live; returns the function that stops watching. */
  followTaps(): () => void {
    return this.folder.follow();
  }

  /** Start a session; resolves with it as soon as it exists (connecting continues in the background). */
  async connect(target: Target, settings: SessionSettings, isDemo = false): Promise<Session> {
    // Loaded on first use: the MCP SDK is most of the proxy's start-up time, and the page can load meanwhile.
    const { Session } = await import('../session/session');
    const { dataDir } = this.options;
    const scrubSecrets = secretScrubber(targetSecrets(target));
    const session = new Session({
      target,
      settings,
      isDemo,
      dataDir,
      createLog: (id) =>
        new SessionLog(id, dataDir ? join(dataDir, `${id}.jsonl`) : undefined, { scrubSecrets, keepFileBytes: settings.proposals.keepFileBytes }),
      onStateChange: () => this.changed(),
    });
    if (scrubSecrets) this.scrubbers.set(session, scrubSecrets);
    // Follows the log from its first entry; it stops itself at the session's `closed` entry.
    this.ruleEngines.set(session, new RuleEngine(session));
    this.sessions.set(session.id, session);
    this.changed();
    void session.open();
    return session;
  }

  /** A session driven in this run (live or ended). */
  get(sessionId: string): Session | undefined {
    return this.sessions.get(sessionId);
  }

  /** End a live session and start another on its target, with new settings or its own. */
  async reconnect(sessionId: string, settings: SessionSettings | undefined): Promise<Session> {
    const previous = this.driven(sessionId);
    if (previous.isLive) await previous.close('replaced');
    return this.connect(previous.target, settings ?? previous.settings, previous.isDemo);
  }

  /** End a session at the person's request; one already ended is left as it is, and nothing is logged. */
  async disconnect(sessionId: string): Promise<void> {
    const session = this.driven(sessionId);
    if (!session.isLive) return;
    session.emit({ kind: 'action', actor: 'user', action: 'disconnect' });
    await session.close('user');
  }

  /** Forget a session that has ended, and delete its file; refuses a live one. */
  remove(sessionId: string): void {
    const outcome = this.delete(sessionId);
    if (outcome === 'live') throw new WireFailure('conflict', 'Disconnect the session before deleting it.');
    if (outcome === 'unknown') throw new WireFailure('not-found', `No session ${sessionId}.`);
  }

  /** A session driven in this run, live or ended (recorded sessions from files cannot be driven or reconnected). */
  driven(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (session) return session;
    if (this.recorded.has(sessionId)) {
      throw new WireFailure('conflict', 'This is a recorded session: it can be read, not driven. Connect anew from the Connection form.');
    }
    if (this.followed.has(sessionId)) {
      throw new WireFailure('conflict', 'This session is tapped: its host makes the calls and answers the elicitations; the inspector only shows them.');
    }
    throw new WireFailure('not-found', `No session ${sessionId}.`);
  }

  /** A session that is still running. */
  live(sessionId: string): Session {
    const session = this.driven(sessionId);
    if (!session.isLive) throw new WireFailure('conflict', 'This session has ended; it can be read but not driven. Reconnect to start a new one.');
    return session;
  }

  /** A live session that has finished connecting: only then does it have a server to send requests to. */
  connected(sessionId: string): Session {
    const session = this.live(sessionId);
    if (session.state !== 'ready') throw new WireFailure('conflict', 'The session is still connecting: wait until it is connected.');
    return session;
  }

  /** Ask the server for its tools again; resolves with how many it has. */
  refreshTools(sessionId: string): Promise<number> {
    return this.connected(sessionId).refreshTools();
  }

  /** Prompts and resources: a list page, or a call of prompts/get or resources/read through the call runner. */
  listCatalog(sessionId: string, kind: CatalogKind, cursor: string | undefined): Promise<CatalogPage> {
    return this.connected(sessionId).listCatalog(kind, cursor);
  }

  getPrompt(sessionId: string, name: string, args: Record<string, string>): string {
    return this.connected(sessionId).startCall('prompts/get', name, { name, arguments: args }, args);
  }

  readResource(sessionId: string, uri: string): string {
    return this.connected(sessionId).startCall('resources/read', uri, { uri });
  }

  /** Start a tools/call (as a task when `asTask`); resolves at once with its id, its progress and end arrive as events. */
  callTool(sessionId: string, name: string, args: Record<string, unknown>, asTask = false): string {
    return this.connected(sessionId).callTool(name, args, asTask);
  }

  cancelCall(sessionId: string, callId: string): void {
    this.live(sessionId).emit({ kind: 'action', actor: 'user', action: 'cancel-call', callId });
    this.activeCall(sessionId, callId).cancel();
  }

  retryCall(sessionId: string, callId: string): void {
    if (!this.activeCall(sessionId, callId).retry()) throw new WireFailure('conflict', 'This call is not waiting for a retry.');
  }

  /** Hold (or let run again) a call's timeout, as the person asked. */
  setCallTimer(sessionId: string, callId: string, isSuspended: boolean): void {
    const session = this.live(sessionId);
    session.emit({ kind: 'action', actor: 'user', action: isSuspended ? 'suspend-timeout' : 'resume-timeout', callId });
    this.activeCall(sessionId, callId).setSuspended(isSuspended);
  }

  answerElicitation(
    sessionId: string,
    key: string,
    action: 'accept' | 'decline' | 'cancel',
    content: Record<string, unknown> | undefined,
    skipValidation: boolean,
    actor: 'user' | 'app' = 'user',
  ): void {
    if (this.followed.has(sessionId)) return this.taps.answer(sessionId, key, action, content);
    const session = this.live(sessionId);
    const error = session.answerElicitation(key, action, content, actor === 'app' ? false : skipValidation, { actor });
    if (error && actor === 'app' && error.code === 'validation-failed') reportRefusedAppAnswer(session, key, error.message);
    if (error) throw WireFailure.from(error);
  }

  /** Hold and answer here, for a live tapped session: asked of its tap (tap-controls.ts). */
  setTapHold(sessionId: string, isOn: boolean): void {
    this.taps.setHold(sessionId, isOn);
  }

  /** SEP-3118: the app a pending form request names, read from its server, and its sandbox proxy served to the page `hostOrigin` (app-views.ts). */
  openAppView(sessionId: string, key: string, hostOrigin: string): Promise<OpenedAppView> {
    return openAppView(this.connected(sessionId), key, this.appViews, hostOrigin);
  }

  reportAppView(sessionId: string, key: string, problems: string[]): void {
    reportAppView(this.live(sessionId), key, problems);
  }

  /** Replace a live session's response rules; a reconnect keeps them (they live in its settings). */
  setRules(sessionId: string, rules: RuleSet): void {
    // A tapped session's rules answer the requests its tap holds (rules/tapped-rules.ts).
    if (this.followed.has(sessionId)) this.taps.setRules(sessionId, rules);
    else {
      this.live(sessionId).setRules(rules);
      // The person changed the rules: from now on theirs, not the start's, are the ones that stand.
      if (this.standingRules) this.standingRules = rules;
    }
    this.changed();
  }

  /** The rules given at start (`--rules`): they stand for every session the page opens, until the person changes them. */
  standBy(rules: RuleSet): void {
    this.standingRules = rules;
  }

  /** The person changed the rules that stand while no session was live: the next sessions the page opens get theirs. */
  setStanding(rules: RuleSet): void {
    if (!this.standingRules) throw new WireFailure('conflict', 'The inspector was started without --rules: Connect sends the page’s own rules.');
    this.standingRules = rules;
    this.changed();
  }

  /** The rules that stand for the sessions the page opens (see `pageSettings`), if any were given at start. */
  get standing(): RuleSet | undefined {
    return this.standingRules;
  }

  /**
   * The settings of a session the page asks for. The page sends the rules it keeps for the next
   * connection, none on a page that never had any: then the rules given at start (or the person's
   * last change to them) apply, so a Connect after the first session ended (an idle close, a
   * disconnect) answers as that session did. Rules the page sends are the person's and apply as sent.
   */
  pageSettings(settings: SessionSettings): SessionSettings {
    if (!this.standingRules || settings.rules.rules.length > 0) return settings;
    return { ...settings, rules: this.standingRules };
  }

  /** Replace a live session's roots and tell its server; a reconnect keeps them (they live in its settings). */
  async setRoots(sessionId: string, roots: Root[]): Promise<void> {
    await this.live(sessionId).setRoots(roots);
    this.changed();
  }

  /** Note what the person did about an elicitation the page handles on its own (a URL opened, say). */
  recordAction(sessionId: string, key: string, action: Parameters<Session['recordAction']>[1]): void {
    if (!this.live(sessionId).recordAction(key, action)) throw new WireFailure('not-found', `No elicitation ${key} in this session.`);
  }

  /** A call still running in a live session. */
  activeCall(sessionId: string, callId: string): CallRunner {
    const call = this.live(sessionId).call(callId);
    if (!call) throw new WireFailure('not-found', `Call ${callId} is not running.`);
    return call;
  }

  /** Where to read a session's events, whatever kind it is. */
  source(sessionId: string): EventSource | undefined {
    return this.sessions.get(sessionId)?.log ?? this.recorded.get(sessionId) ?? this.followed.get(sessionId);
  }

  /**
   * A session's file: one of this run's, or of the data folder. A file of an earlier run is found
   * before loadRecorded has listed it (a script that asks for it as soon as the URL is printed), by
   * its name; an id that could name anything outside the folder is not looked up.
   */
  filePath(sessionId: string): string | undefined {
    const known = this.sessions.get(sessionId)?.log.filePath ?? this.recorded.get(sessionId)?.filePath ?? this.followed.get(sessionId)?.filePath;
    if (known || !this.options.dataDir || !SESSION_FILE_ID.test(sessionId)) return known;
    const path = join(this.options.dataDir, `${sessionId}.jsonl`);
    return existsSync(path) ? path : undefined;
  }

  /** Whether a session's file is still being written (this inspector's live session, a tap it follows that still runs): its last line may not be whole yet. */
  isBeingWritten(sessionId: string): boolean {
    return Boolean(this.sessions.get(sessionId)?.isLive || this.followed.get(sessionId)?.isLive);
  }

  list(): SessionSummary[] {
    const driven = [...this.sessions.values()].map((s) => ({
      sessionId: s.id,
      target: summarizeTarget(s.target, s.isDemo),
      settings: s.settings,
      startedAt: s.startedAt,
      ...(s.endedAt !== undefined && { endedAt: s.endedAt }),
      isLive: s.isLive,
      eventCount: s.log.lastSeq,
      ...(s.serverName && { serverName: this.scrubbedName(s) }),
    }));
    const others = [...[...this.recorded.values()].map((r) => r.summary()), ...[...this.followed.values()].map((f) => this.taps.summary(f))];
    return [...driven, ...others].sort((a, b) => b.startedAt - a.startedAt);
  }

  /** A server may put the key it was given in its own name; the list shows what the log does. */
  private scrubbedName(session: Session): string {
    const scrub = this.scrubbers.get(session);
    const clean: unknown = scrub ? JSON.parse(scrub(JSON.stringify(session.serverName))) : session.serverName;
    return typeof clean === 'string' ? clean : session.serverName;
  }

  liveSessions(): Session[] {
    return [...this.sessions.values()].filter((s) => s.isLive);
  }

  async importFile(input: Readable): Promise<RecordedSession> {
    if (!this.options.dataDir) throw new WireFailure('conflict', 'Importing needs a data folder (--data-dir): this inspector keeps sessions in memory only.');
    const session = await importSession(input, this.options.dataDir);
    this.folder.add(session);
    return session;
  }

  /** Forget a session that is not live, and delete its file. Returns false when there is none, or it is live. */
  delete(sessionId: string): 'deleted' | 'live' | 'unknown' {
    const driven = this.sessions.get(sessionId);
    const followed = this.followed.get(sessionId);
    if (driven?.isLive || followed?.isLive) return 'live';
    const path = this.filePath(sessionId);
    if (!driven && !followed && !this.recorded.has(sessionId)) return 'unknown';
    this.sessions.delete(sessionId);
    this.folder.forget(sessionId);
    this.taps.forget(sessionId);
    if (path) for (const file of [path, ...sidecarPaths(path), path.replace(/\.jsonl$/, '.control')]) rmSync(file, { force: true });
    this.changed();
    return 'deleted';
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async closeAll(reason: 'user' | 'idle' | 'proxy-exit'): Promise<void> {
    await Promise.all(this.liveSessions().map((s) => s.close(reason)));
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

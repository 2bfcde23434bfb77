import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SessionLog } from '../store/session-log';
import type { SessionSummary } from '../wire/commands';
import { summarizeTarget, type SessionSettings, type Target } from '../wire/target';
import type { Session } from './session';

export type RegistryOptions = {
  /** Folder for session files; none keeps sessions in memory only. */
  dataDir?: string;
};

/**
 * Every session this proxy knows: the live ones it drives and the finished ones
 * it can still show. Tells listeners when the list changes.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: RegistryOptions = {}) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  }

  /** Start a session; resolves with it as soon as it exists (connecting continues in the background). */
  async connect(target: Target, settings: SessionSettings, isDemo = false): Promise<Session> {
    // Loaded on first use: the MCP SDK is most of the proxy's start-up time, and the page can load meanwhile.
    const { Session } = await import('./session');
    const { dataDir } = this.options;
    const session = new Session({
      target,
      settings,
      isDemo,
      createLog: (id) => new SessionLog(id, dataDir ? join(dataDir, `${id}.jsonl`) : undefined),
      onStateChange: () => this.changed(),
    });
    this.sessions.set(session.id, session);
    this.changed();
    void session.open();
    return session;
  }

  get(sessionId: string): Session | undefined {
    return this.sessions.get(sessionId);
  }

  list(): SessionSummary[] {
    return [...this.sessions.values()]
      .map((s) => ({
        sessionId: s.id,
        target: summarizeTarget(s.target, s.isDemo),
        settings: s.settings,
        startedAt: s.startedAt,
        ...(s.endedAt !== undefined && { endedAt: s.endedAt }),
        isLive: s.isLive,
        eventCount: s.log.lastSeq,
        ...(s.serverName && { serverName: s.serverName }),
      }))
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  liveSessions(): Session[] {
    return [...this.sessions.values()].filter((s) => s.isLive);
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

export type { SessionSettings };

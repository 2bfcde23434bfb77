import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@wire/commands';
import { DEFAULT_SETTINGS } from '@wire/target';
import type { StatusView } from '@app/model/session-store';
import { connectionStatus, isDrivable } from './connection-status';

const ready: StatusView = { state: 'ready', serverInfo: { name: 'Everything Reference Server', version: '2.0.0' } };
const summary = (isLive: boolean, isImported = false): SessionSummary => ({
  sessionId: 's',
  target: { transport: 'stdio', command: 'node', args: [], env: {} },
  settings: DEFAULT_SETTINGS,
  startedAt: 1,
  isLive,
  isImported,
  eventCount: 3,
});

describe('connectionStatus', () => {
  it('a live session reads exactly Connected, without the server name run into it', () => {
    expect(connectionStatus('open', ready, summary(true)).text).toBe('Connected');
    expect(connectionStatus('open', { state: 'connecting' }, undefined).text).toBe('Connecting…');
    expect(connectionStatus('open', { state: 'closed' }, summary(false)).text).toBe('Disconnected');
    expect(connectionStatus('open', undefined, undefined).text).toBe('No session');
  });

  it('a recorded or imported session whose log ends "ready" is disconnected, not connected to its dead server', () => {
    expect(connectionStatus('open', ready, summary(false)).text).toBe('Disconnected');
    expect(connectionStatus('open', ready, summary(false, true)).text).toBe('Disconnected');
    expect(isDrivable(ready, summary(false, true))).toBe(false);
    expect(isDrivable(ready, summary(true))).toBe(true);
    // The sessions list may arrive after the session's first events: the log decides until then.
    expect(isDrivable({ state: 'connecting' }, undefined)).toBe(true);
  });

  it('without the inspector, the page says so instead of the session’s last known state', () => {
    expect(connectionStatus('reconnecting', ready, summary(true)).text).toBe('Inspector lost, reconnecting…');
    expect(connectionStatus('refused', ready, summary(true)).text).toBe('Inspector unreachable or token refused');
    expect(connectionStatus('connecting', undefined, undefined).text).toBe('Reaching the inspector…');
  });
});

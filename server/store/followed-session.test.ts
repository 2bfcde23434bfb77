import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../wire/target';
import { FollowedSession } from './followed-session';
import { SessionLog } from './session-log';
import { machineId } from './machine-id';

const followed: FollowedSession[] = [];
afterEach(() => {
  for (const session of followed.splice(0)) session.stop();
});

/**
 * A tap's file as the tap writes it (a SessionLog, its first entry naming the relay's pid),
 * the relay's pid being this very process: alive here, whichever machine wrote the file.
 */
async function tapFile(dir: string, name: string, writtenOn?: string): Promise<string> {
  const path = join(dir, name);
  const log = new SessionLog(name, path);
  log.append({
    kind: 'session-state',
    state: 'connecting',
    target: { transport: 'stdio', command: 'node', args: ['server.js'], env: {}, host: { relayPid: process.pid } },
    settings: DEFAULT_SETTINGS,
    clientCapabilities: {},
  });
  await new Promise((resolve) => setImmediate(resolve));
  log.close();
  if (writtenOn !== undefined) {
    // Copied from another machine: its header names the machine the tap ran on.
    const [header, ...rest] = readFileSync(path, 'utf8').split('\n');
    writeFileSync(path, [JSON.stringify({ ...JSON.parse(header), writtenOn }), ...rest].join('\n'));
  }
  return path;
}

function follow(path: string): FollowedSession {
  const session = FollowedSession.open(path, () => {});
  if (!session) throw new Error(`${path} was not followed`);
  followed.push(session);
  return session;
}

describe('FollowedSession', () => {
  it('the tap writes the machine it runs on in the header', async () => {
    const path = await tapFile(mkdtempSync(join(tmpdir(), 'followed-test-')), 'tap-here.jsonl');
    expect(JSON.parse(readFileSync(path, 'utf8').split('\n')[0])).toMatchObject({ writtenOn: machineId() });
  });

  it('a tap file copied from another machine ends at its last entry, though a process here has its pid; one written here stays live', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'followed-test-'));
    const copied = follow(await tapFile(dir, 'tap-copied.jsonl', 'build-box-7'));
    const local = follow(await tapFile(dir, 'tap-local.jsonl'));
    expect(copied.summary().eventCount).toBe(1);
    await vi.waitFor(() => expect(copied.isLive).toBe(false), { timeout: 10_000, interval: 100 });
    expect(copied.summary().isLive).toBe(false);
    expect(local.isLive).toBe(true);
  });
});

describe('machineId', () => {
  it('tells machines apart without naming them', () => {
    expect(machineId('ada-laptop')).toMatch(/^[0-9a-f]{16}$/);
    expect(machineId('ada-laptop')).not.toContain('ada');
    expect(machineId('ada-laptop')).toBe(machineId('ada-laptop'));
    expect(machineId('ada-laptop')).not.toBe(machineId('build-runner-7'));
  });
});

import { describe, expect, it } from 'vitest';
import type { CallView, SessionSnapshot } from '@app/model/session-store';
import { readPickedTool, shownTool, storePickedTool } from './selected-tool';

const call = (name: string): CallView => ({
  callId: name,
  method: 'tools/call',
  name,
  startedAt: 1,
  startSeq: 1,
  timeoutMs: 1,
  rounds: [],
  elicitationKeys: [],
  findingCodes: [],
});
const session = (calls: CallView[], tools = ['echo', 'plan_trip']) =>
  ({ sessionId: 's1', calls, tools: tools.map((name) => ({ name })) }) as unknown as SessionSnapshot;

describe('the tool shown', () => {
  it('is the pick, kept per session across a reload', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    storePickedTool(storage, 's1', 'plan_trip');
    expect(readPickedTool(storage, 's1')).toBe('plan_trip');
    expect(readPickedTool(storage, 's2')).toBeUndefined();
    expect(shownTool(session([]), readPickedTool(storage, 's1'), undefined)).toBe('plan_trip');
  });

  it('with no pick: the previous session’s pick if listed, else the latest call’s tool', () => {
    expect(shownTool(session([call('echo'), call('plan_trip')]), undefined, undefined)).toBe('plan_trip');
    expect(shownTool(session([call('echo')]), undefined, 'plan_trip')).toBe('plan_trip');
    expect(shownTool(session([call('echo')]), undefined, 'gone_tool')).toBe('echo');
    expect(shownTool(session([]), undefined, undefined)).toBeUndefined();
    expect(shownTool(undefined, 'echo', undefined)).toBeUndefined();
  });
});

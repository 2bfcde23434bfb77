/**
 * The -32042 retry: what it shows, what it waits for, and when it refuses to
 * go round again. The error is the SDK's own ProtocolError with the data a
 * 2025-11-25 server sends; the flows go through a real broker.
 */
import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { NewLogEvent } from '../../wire/events';
import type { RaisedFinding } from '../../wire/finding-codes';
import { DEFAULT_SETTINGS } from '../../wire/target';
import { ElicitationBroker } from '../requests/broker';
import { CallEnded } from './call-ended';
import { URL_REQUIRED_CODE, satisfyUrlRequired } from './url-required';

const LINK = { mode: 'url', message: 'Link your account first', url: 'https://example.com/link', elicitationId: 'link-1' };

function setUp(settings = DEFAULT_SETTINGS) {
  const events: NewLogEvent[] = [];
  const broker = new ElicitationBroker(
    (event) => void events.push(event),
    () => 'linker',
  );
  let retryNow: (() => void) | undefined;
  let isEnded = false;
  const host = {
    callId: 'c1',
    settings,
    broker,
    emit: (event: NewLogEvent) => events.push(event),
    elicitationContext: () => ({ protocolVersion: '2025-11-25', declared: { form: true, url: true } }),
    reportFindings: (findings: RaisedFinding[]) => findings,
    isEnded: () => isEnded,
    setRetryNow: (next: (() => void) | undefined) => (retryNow = next),
  };
  const flowKeys = () => events.flatMap((e) => (e.kind === 'elicitation' ? [e.key] : []));
  return { host, broker, events, flowKeys, retryNow: () => retryNow, endCall: () => (isEnded = true) };
}

const urlRequired = (elicitations: unknown) => new ProtocolError(URL_REQUIRED_CODE, 'URL elicitation required', { elicitations });

describe('satisfyUrlRequired', () => {
  it('shows each flow, and returns for the retry once the person consented and the server reported completion', async () => {
    const { host, broker, events, flowKeys } = setUp();
    const completed = new Set<string>();
    const done = satisfyUrlRequired(host, urlRequired([LINK]), completed);
    expect(events.find((e) => e.kind === 'elicitation')).toMatchObject({ callId: 'c1', mode: 'url', origin: { kind: 'url-required', index: 0 } });
    expect(broker.answer(flowKeys()[0] ?? '', { action: 'accept' })).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.some((e) => e.kind === 'action' && e.action === 'retry')).toBe(false);
    broker.complete('link-1');
    await done;
    // The inspector retried on its own: the log does not put it on the person.
    expect(events.at(-1)).toMatchObject({ kind: 'action', actor: 'inspector', action: 'retry', callId: 'c1' });
    expect([...completed]).toEqual(['https://example.com/link']);
  });

  it('with automatic retry off, waits for Retry now even after completion', async () => {
    const { host, broker, events, flowKeys, retryNow } = setUp({ ...DEFAULT_SETTINGS, autoRetryUrlRequired: false });
    let isSettled = false;
    const done = satisfyUrlRequired(host, urlRequired([LINK]), new Set()).then(() => (isSettled = true));
    broker.answer(flowKeys()[0] ?? '', { action: 'accept' });
    await new Promise((resolve) => setImmediate(resolve));
    broker.complete('link-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(isSettled).toBe(false);
    retryNow()?.();
    await done;
    expect(retryNow()).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ kind: 'action', actor: 'user', action: 'retry' });
  });

  it('a declined flow ends the call with the server’s error', async () => {
    const { host, broker, flowKeys } = setUp();
    const done = satisfyUrlRequired(host, urlRequired([LINK]), new Set());
    broker.answer(flowKeys()[0] ?? '', { action: 'decline' });
    await expect(done).rejects.toMatchObject({ outcome: 'error', wireError: { code: URL_REQUIRED_CODE, message: 'URL elicitation required' } });
  });

  it('asking again for a URL already completed stops the loop instead of showing it again', async () => {
    const { host, flowKeys } = setUp();
    const error = await satisfyUrlRequired(host, urlRequired([LINK]), new Set([LINK.url])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallEnded);
    expect(error).toMatchObject({ outcome: 'error', message: expect.stringContaining('already completed (https://example.com/link)') });
    expect(flowKeys()).toEqual([]);
  });

  it('an error with no elicitations to act on ends the call and says so', async () => {
    const { host } = setUp();
    await expect(satisfyUrlRequired(host, urlRequired('not a list'), new Set())).rejects.toThrow('carries no data.elicitations');
  });
});

/**
 * -32042 (`URLElicitationRequiredError`, 2025-11-25 only): the call is refused
 * until the URL flows the error carries are done. Each becomes a URL elicitation
 * the person consents to; once every one is complete (by notification, or the
 * person saying so) the caller retries the call.
 */
import type { ProtocolError } from '@modelcontextprotocol/client';
import type { NewLogEvent } from '../../wire/events';
import type { RaisedFinding } from '../../wire/finding-codes';
import type { SessionSettings } from '../../wire/target';
import type { ElicitationBroker } from '../requests/broker';
import { CallEnded } from './call-ended';
import { checkElicitationParams, type ElicitationContext } from '../../checks/findings';

export const URL_REQUIRED_CODE = -32042;

type Params = Record<string, unknown>;

/** What the URL-required retry needs from its call. */
export type UrlRequiredHost = {
  readonly callId: string;
  readonly settings: SessionSettings;
  readonly broker: ElicitationBroker;
  emit(event: NewLogEvent): unknown;
  elicitationContext(): ElicitationContext;
  reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }): RaisedFinding[];
  /** Whether the call was ended from the client side (timed out, cancelled). */
  isEnded(): boolean;
  /** While the retry waits: what retries at once (a click, or the call ending); undefined once it no longer waits. */
  setRetryNow(retryNow: (() => void) | undefined): void;
};

/**
 * Show the error's URL elicitations, wait for the person to consent and for each
 * flow to complete, then return so the caller retries. A server that asks again
 * for a URL it already had completed would loop forever: stop instead.
 * `alreadyCompleted` holds the URLs completed by earlier retries of this call.
 */
export async function satisfyUrlRequired(host: UrlRequiredHost, error: ProtocolError, alreadyCompleted: Set<string>): Promise<void> {
  const { broker, callId } = host;
  const data = error.data as { elicitations?: Params[] } | undefined;
  const elicitations = Array.isArray(data?.elicitations) ? data.elicitations : [];
  if (elicitations.length === 0) {
    throw new CallEnded('error', { code: error.code, message: `${error.message} (the error carries no data.elicitations to act on)`, data: error.data });
  }
  const repeated = elicitations.map((e) => String(e.url)).filter((url) => alreadyCompleted.has(url));
  if (repeated.length) {
    throw new CallEnded('error', {
      code: error.code,
      message: `The server asked again for a URL elicitation that was already completed (${repeated.join(', ')}); stopped retrying to avoid a loop.`,
      data: error.data,
    });
  }
  const pending = elicitations.map((params, index) => {
    const findings = host.reportFindings(checkElicitationParams({ ...params, mode: 'url' }, host.elicitationContext()), { callId });
    return { params, ...broker.request({ callId, origin: { kind: 'url-required', index }, params: { ...params, mode: 'url' }, findings }) };
  });
  const answers = await Promise.all(pending.map((p) => p.answer));
  const refused = answers.find((a) => a.action !== 'accept');
  if (refused || host.isEnded()) {
    throw new CallEnded(host.isEnded() ? 'cancelled' : 'error', { code: error.code, message: error.message, data: error.data });
  }
  const ids = pending.map((p) => String(p.params.elicitationId));
  // Who retries: the inspector once every flow is complete (autoRetryUrlRequired), or a person pressing retry.
  const retriedBy = await new Promise<'inspector' | 'user'>((resolve) => {
    const check = () => {
      if (host.settings.autoRetryUrlRequired && ids.every((id) => broker.isComplete(id))) done('inspector');
    };
    const done = (by: 'inspector' | 'user') => {
      unsubscribe();
      host.setRetryNow(undefined);
      resolve(by);
    };
    const unsubscribe = broker.onComplete(check);
    host.setRetryNow(() => done('user'));
    check();
  });
  for (const p of pending) alreadyCompleted.add(String(p.params.url));
  if (host.isEnded()) throw new CallEnded('cancelled', { code: 'timeout', message: 'Cancelled while waiting for URL elicitations to complete.' });
  host.emit({ kind: 'action', actor: retriedBy, action: 'retry', callId, detail: 'retry after URL elicitations completed' });
}

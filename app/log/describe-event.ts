/** One line of text for each kind of log event: what a person scanning the log needs to see. */
import type { LogEvent } from '@wire/events';
import type { LogIndex, RpcPair } from '@app/model/log-index';
import { ruleAnsweredText } from '@app/model/rule-text';
import { displayText } from '../ui/display-text';

export type EventLine = {
  direction: 'out' | 'in' | undefined;
  /** Short category shown as a badge. */
  tag: string;
  tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';
  title: string;
  detail?: string;
};

export function describeEvent(event: LogEvent, index: Pick<LogIndex, 'pairOf'>): EventLine {
  const line = describeKind(event, index);
  // An entry the log had to cut down says so on its row, not only in its JSON.
  return event.dropped ? { ...line, detail: [line.detail, event.dropped.message].filter(Boolean).join(' · ') } : line;
}

function describeKind(event: LogEvent, index: Pick<LogIndex, 'pairOf'>): EventLine {
  switch (event.kind) {
    case 'rpc-out':
    case 'rpc-in': {
      const direction = event.kind === 'rpc-out' ? 'out' : 'in';
      const m = event.message;
      const id = m.id !== undefined ? `#${displayText(m.id)}` : '';
      if (typeof m.method === 'string') {
        const pair = index.pairOf(event.seq);
        const state = m.id === undefined || !pair || pair.responseSeq ? undefined : unansweredText(pair);
        return {
          direction,
          tag: m.id === undefined ? 'notification' : 'request',
          tone: m.method.startsWith('elicitation/') ? 'warning' : 'neutral',
          title: `${m.method} ${id}`.trim(),
          detail: state,
        };
      }
      const pair = index.pairOf(event.seq);
      const latency = pair?.latencyMs !== undefined ? `${Math.round(pair.latencyMs)} ms` : undefined;
      if (m.error && typeof m.error === 'object') {
        const error = m.error as { code?: unknown; message?: unknown };
        return {
          direction,
          tag: 'error',
          tone: 'danger',
          title: `${pair?.method ?? 'response'} ${id} error ${String(error.code)}`,
          detail: [displayText(error.message), latency].filter(Boolean).join(' · '),
        };
      }
      const result = (m.result ?? {}) as Record<string, unknown>;
      const flavour =
        result.resultType === 'input_required'
          ? 'input_required'
          : result.isError === true
            ? 'isError'
            : typeof result.action === 'string'
              ? result.action
              : 'result';
      return {
        direction,
        tag: 'response',
        tone: flavour === 'isError' ? 'danger' : flavour === 'input_required' ? 'accent' : 'success',
        title: `${pair?.method ?? 'response'} ${id} ${flavour}`,
        detail: latency,
      };
    }
    case 'http':
      return {
        direction: 'out',
        tag: 'http',
        tone: event.error || (event.status ?? 0) >= 400 ? 'danger' : 'neutral',
        title: `${event.method} ${event.url} ${event.status ?? event.error ?? ''}`,
        detail: `${Math.round(event.durationMs)} ms`,
      };
    case 'stderr':
      return { direction: 'in', tag: 'stderr', tone: 'neutral', title: event.text };
    case 'stdout':
      return { direction: 'in', tag: 'stdout', tone: 'warning', title: event.text, detail: 'not JSON-RPC' };
    case 'session-state':
      if (event.state === 'connecting') return { direction: undefined, tag: 'session', tone: 'info', title: `connecting (${event.settings.protocol})` };
      if (event.state === 'ready')
        return {
          direction: undefined,
          tag: 'session',
          tone: 'success',
          title: `connected: ${event.protocolVersion} (${event.era})${event.serverInfo ? ` to ${event.serverInfo.name}` : ''}`,
        };
      return {
        direction: undefined,
        tag: 'session',
        tone: event.reason === 'user' ? 'neutral' : 'danger',
        title: `closed: ${event.reason}`,
        detail: event.error?.message,
      };
    case 'tools':
      return { direction: undefined, tag: 'tools', tone: 'neutral', title: `${event.tools.length} tools listed` };
    case 'call-start':
      return {
        direction: undefined,
        tag: 'call',
        tone: 'info',
        title: `${event.callId} ${event.method} ${event.name}`,
        // A tapped host's call (timeoutMs 0) runs on the host's own timeout, which the wire does not say.
        detail: event.timeoutMs ? `timeout ${Math.round(event.timeoutMs / 1000)} s` : 'the host times it',
      };
    case 'call-round':
      return {
        direction: undefined,
        tag: 'round',
        tone: 'accent',
        title: `${event.callId} round ${event.round} (${event.reason}) → request #${String(event.rpcId)}`,
      };
    case 'call-timer':
      return {
        direction: undefined,
        tag: 'timer',
        tone: 'neutral',
        title: `${event.callId} timeout ${event.suspended ? 'suspended' : event.deadlineAt === null ? 'paused' : 'running'}`,
        detail: `${Math.round(event.remainingMs / 1000)} s left`,
      };
    case 'call-end':
      return {
        direction: undefined,
        tag: 'call',
        tone: event.outcome === 'result' ? (event.result?.isError === true ? 'danger' : 'success') : 'danger',
        title: `${event.callId} ended: ${event.outcome}${event.result?.isError === true ? ' (isError)' : ''}`,
        detail: event.error?.message,
      };
    case 'elicitation':
      return {
        direction: 'in',
        tag: 'elicitation',
        tone: 'warning',
        title: `${event.key} ${event.mode} ${event.origin.kind === 'mrtr' ? `round ${event.origin.round} "${event.origin.inputKey}"` : event.origin.kind}${event.callId ? ` for ${event.callId}` : ''}`,
        detail: displayText(event.params.message),
      };
    case 'elicitation-end':
      return {
        direction: undefined,
        tag: 'elicitation',
        tone: event.outcome === 'answered' ? 'success' : 'neutral',
        title: `${event.key} ${event.outcome}${event.action ? `: ${event.action}` : ''}`,
        detail: event.reason,
      };
    case 'url-complete':
      return { direction: 'in', tag: 'complete', tone: 'success', title: `${event.key} completed (${event.elicitationId})` };
    case 'action':
      return {
        direction: undefined,
        tag: ACTOR_TAG[event.actor],
        tone: 'accent',
        title: `${event.action}${event.key ? ` ${event.key}` : ''}${event.callId && !event.key ? ` ${event.callId}` : ''}${event.rule ? `, ${ruleAnsweredText(event.rule)}` : ''}${event.skippedValidation ? ' (without validating)' : ''}`,
        detail: event.content ? JSON.stringify(event.content) : event.detail,
      };
    case 'rule-match':
      return {
        direction: undefined,
        tag: 'rule',
        tone: 'accent',
        title: `${event.key} taken by ${ruleName(event.rule)}: ${event.action === 'none' ? 'never answers' : event.delayMs ? `${event.action} in ${event.delayMs} ms` : event.action}`,
      };
    case 'finding':
      return {
        direction: undefined,
        tag: event.severity === 'info' ? 'note' : 'finding',
        tone: event.severity === 'error' ? 'danger' : event.severity === 'warning' ? 'warning' : 'info',
        title: event.code,
        detail: event.message,
      };
    case 'sdk-error':
      return { direction: undefined, tag: 'sdk', tone: 'danger', title: event.message };
    case 'proxy-error':
      return { direction: undefined, tag: 'proxy', tone: 'danger', title: event.error.message };
    case 'task-status':
      return {
        direction: undefined,
        tag: 'task',
        tone: event.status === 'completed' ? 'success' : event.status === 'failed' ? 'danger' : event.status === 'cancelled' ? 'neutral' : 'info',
        title: `task ${event.taskId} ${event.status}${event.key ? ` (${event.key}, run by this client)` : event.callId ? ` (${event.callId}, run by the server)` : ''}`,
        detail: event.statusMessage,
      };
    case 'tap-hold':
      return {
        direction: undefined,
        tag: 'hold',
        tone: event.isOn ? 'warning' : 'neutral',
        title: event.isOn ? "hold on: the server's elicitations are answered here, not by the host" : 'hold off: the host answers',
        detail:
          [event.reason, event.released?.length ? `released to the host: ${event.released.join(', ')}` : undefined].filter(Boolean).join(' · ') || undefined,
      };
    case 'oauth':
      return {
        direction: undefined,
        tag: 'oauth',
        tone: event.step === 'failed' || event.step === 'refused' ? 'danger' : 'info',
        title: `${event.step}: ${event.message}`,
      };
  }
}

/** How an action's row names who did it: a person is "you"; a scenario run, the inspector itself and a tapped host are not. */
const ACTOR_TAG = { user: 'you', rule: 'rule', scenario: 'scenario', inspector: 'inspector', host: 'host', app: 'app' } as const;

const ENDED_TEXT = {
  cancelled: 'cancelled, no response',
  timeout: 'timed out, no response',
  'session-closed': 'no response (session closed)',
  failed: 'failed',
  'fell-back': 'no response (fell back to initialize)',
} as const;

/** 2026-07-28 requests that stay open by design: the server streams notifications on them until the session ends. */
const STREAMING_METHODS = new Set(['subscriptions/listen']);

/** Where a request without a response stands: still awaited, open as a stream, or how it ended. */
export function unansweredText(pair: Pick<RpcPair, 'ended' | 'failure' | 'method'>): string {
  if (pair.ended === 'failed' && pair.failure) return `failed: ${pair.failure}`;
  if (pair.ended) return ENDED_TEXT[pair.ended];
  return STREAMING_METHODS.has(pair.method) ? 'listening (a stream, open by design)' : 'awaiting response';
}

/** How the log names a rule: its place in the list, and its name when it has one. */
export function ruleName(rule: { index: number; name?: string; source?: 'rules' | 'scenario' }): string {
  const what = rule.source === 'scenario' ? `scenario step ${rule.index}` : `rule ${rule.index}`;
  return rule.name ? `${what} (${displayText(rule.name)})` : what;
}

/** Where a session's sign-in stands, derived from its `oauth` log entries (no React, so it is tested alone). */
import type { EventOf, LogEvent } from '@wire/events';

export type OAuthStepEvent = EventOf<'oauth'>;

export type OAuthView = {
  /** What the person should know first. */
  state: 'signing-in' | 'waiting' | 'signed-in' | 'failed' | 'signed-out';
  steps: OAuthStepEvent[];
  /** The URL to open, while a sign-in waits for the person. */
  authorizationUrl?: string;
  authorizationServer?: string;
  scopeAsked?: string;
  scopeGranted?: string;
  /** Epoch ms. */
  expiresAt?: number;
  refreshCount: number;
  lastMessage: string;
};

const STATE_OF: Record<OAuthStepEvent['step'], OAuthView['state']> = {
  challenge: 'signing-in',
  metadata: 'signing-in',
  registration: 'signing-in',
  authorize: 'waiting',
  callback: 'signing-in',
  'grant-exchange': 'signing-in',
  token: 'signed-in',
  refresh: 'signed-in',
  kept: 'signed-in',
  'step-up': 'signing-in',
  'signed-out': 'signed-out',
  refused: 'signing-in',
  failed: 'failed',
};

export function isOAuthStep(event: LogEvent): event is OAuthStepEvent {
  return event.kind === 'oauth';
}

/** The view of these steps, oldest first; undefined when the session never met OAuth. */
export function oauthView(steps: readonly OAuthStepEvent[]): OAuthView | undefined {
  const last = steps.at(-1);
  if (!last) return undefined;
  const view: OAuthView = { state: STATE_OF[last.step], steps: [...steps], refreshCount: 0, lastMessage: last.message };
  for (const step of steps) {
    if (step.scopeAsked) view.scopeAsked = step.scopeAsked;
    if (step.step === 'metadata' && typeof step.detail?.issuer === 'string') view.authorizationServer = step.detail.issuer;
    if (step.step === 'token' || step.step === 'refresh' || step.step === 'kept') {
      view.scopeGranted = step.scopeGranted;
      view.expiresAt = step.expiresAt;
    }
    if (step.step === 'refresh') view.refreshCount++;
    if (step.step === 'signed-out') view.scopeGranted = view.expiresAt = undefined;
  }
  if (last.step === 'authorize') view.authorizationUrl = last.authorizationUrl;
  // A 401 without OAuth metadata is not a sign-in at all: the log says so, the panel stays away.
  if (steps.every((step) => step.step === 'challenge') && /publishes no OAuth/.test(last.message)) return undefined;
  return view;
}

/**
 * The redirect URI of the inspector's OAuth sign-ins. An authorization server
 * sends the browser here with `code` and `state`; the route hands them to the
 * sign-in waiting for that state (server/auth/callbacks.ts) and says, as plain
 * text, whether the connection can go on. It needs no API token (the browser
 * arrives from another site, carrying none): the one-time state is the check.
 */
import type { Handler } from 'hono';
import { deliverCallback } from '../auth/callbacks';

const ANSWERS = {
  delivered: { status: 200, text: 'Signed in. The inspector continues the connection by itself: you can close this tab.' },
  'no-state': { status: 400, text: 'This sign-in carries no state, so it cannot be matched to a connection. Nothing was done.' },
  'unknown-state': {
    status: 400,
    text: 'This sign-in does not match one the inspector is waiting for (it may have finished, or been started elsewhere). Nothing was done.',
  },
} as const;

export const oauthCallback = (): Handler =>
  function oauthCallback(c) {
    const outcome = deliverCallback(new URL(c.req.url).searchParams);
    const { status, text } = ANSWERS[outcome];
    // The code is spent now; keep it out of caches and out of any page this one links to.
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.text(text, status);
  };

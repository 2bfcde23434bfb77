/** Why a session ended, in one sentence a person reads once. */

const REASONS: Record<string, string> = {
  user: 'You disconnected.',
  'server-exit': 'The server process ended.',
  'transport-closed': 'The connection closed.',
  'connect-failed': 'Could not connect.',
  idle: 'Closed because no page was watching it.',
  'proxy-exit': 'The inspector stopped.',
  replaced: 'Replaced by a new connection.',
};

/**
 * The reason as a headline and the proxy's message after it; a message that already
 * opens with the headline's words ("Could not connect: …") is not prefixed a second time.
 */
export function endedText(reason: string, message: string | undefined): { headline: string; detail: string | undefined } {
  const headline = REASONS[reason] ?? 'Session ended.';
  if (!message) return { headline, detail: undefined };
  const words = headline.replace(/\.$/, '').toLowerCase();
  if (message.toLowerCase().startsWith(words)) return { headline: message, detail: undefined };
  return { headline, detail: message };
}

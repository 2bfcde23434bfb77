/** What the hostile targets send, shared by the stdio and HTTP ones and the tests that check for it. */

/** JSON text nested `levels` deep, built as text: building it as objects and stringifying would overflow here too. */
export function deepJson(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** Over the proxy's 8 MB budget for one log entry, under the SDK's 10 MB limit for one stdio message. */
export const BIG_BYTES = 9 * 1024 * 1024;
/** Over every limit: the SDK's stdio reader ends the connection rather than buffer it. */
export const HUGE_BYTES = 20 * 1024 * 1024;

/** How many notifications `flood` sends at once, with no pause. */
export const FLOOD_COUNT = 5_000;

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object' } });

export const HOSTILE_TOOLS = [
  tool('deep_notification', 'Sends a notification nested 5,000 levels deep.'),
  tool('deep_result', 'Answers with a result nested 5,000 levels deep.'),
  tool('big_message', 'Answers with a 9 MB message.'),
  tool('huge_message', 'Answers with a 20 MB message.'),
  tool('garbage', 'Writes binary garbage and invalid UTF-8 to stdout.'),
  tool('flood', 'Sends 5,000 notifications at once.'),
  tool('echo_depth', 'Takes any arguments, however deep.'),
];

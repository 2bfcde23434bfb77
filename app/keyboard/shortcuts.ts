/**
 * The page's keyboard shortcuts: which key does what, and when a key is someone
 * typing rather than a shortcut. No React here, so the rules are unit-tested.
 */
import type { PageCommand } from '@app/model/app-store';

export type ShortcutAction = PageCommand | 'show-shortcuts' | 'open-palette';

export type Shortcut = { keys: string; action: ShortcutAction; description: string };

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Ctrl K', action: 'open-palette', description: 'Open the command palette: a tool, a call, a session or a setting by typing (⌘K on a Mac)' },
  { keys: 'R', action: 'run-tool', description: 'Run the selected tool, prompt or resource' },
  { keys: 'N', action: 'next-elicitation', description: 'Jump to the next pending elicitation (its first field)' },
  { keys: '/', action: 'focus-log-search', description: 'Focus the log search' },
  { keys: 'E', action: 'show-entries', description: 'Show the log’s Entries' },
  { keys: 'C', action: 'show-calls', description: 'Show the log’s Calls' },
  { keys: 'T', action: 'show-timeline', description: 'Show the log’s Timeline: where each call’s time went' },
  { keys: '?', action: 'show-shortcuts', description: 'List these shortcuts' },
];

const SINGLE_KEYS = new Map<string, ShortcutAction>([
  ['r', 'run-tool'],
  ['n', 'next-elicitation'],
  ['/', 'focus-log-search'],
  ['e', 'show-entries'],
  ['c', 'show-calls'],
  ['t', 'show-timeline'],
  ['?', 'show-shortcuts'],
]);

/** The parts of a keydown the rules read. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & { isTyping: boolean; isComposing?: boolean };

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'time', 'month', 'week', '']);

/** Whether keys pressed in this element are text: a one-letter shortcut must not eat them. */
export function isTypingTarget(element: Pick<Element, 'tagName'> & { type?: string; isContentEditable?: boolean }): boolean {
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || element.isContentEditable) return true;
  return tag === 'input' && TEXT_INPUT_TYPES.has((element.type ?? '').toLowerCase());
}

/** The action a key press asks for, if any. Ctrl/⌘-K works everywhere; the rest only while nobody is typing. */
export function shortcutFor(press: KeyPress): ShortcutAction | undefined {
  if (press.isComposing) return undefined;
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k') return 'open-palette';
  if (press.ctrlKey || press.metaKey || press.altKey || press.isTyping) return undefined;
  return press.key.length === 1 ? SINGLE_KEYS.get(press.key.toLowerCase()) : undefined;
}

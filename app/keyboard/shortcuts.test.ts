import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutFor, type KeyPress } from './shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, isTyping: false, ...extra });

describe('keyboard shortcuts', () => {
  it('map single keys to their actions, whatever the case', () => {
    expect(shortcutFor(press('r'))).toBe('run-tool');
    expect(shortcutFor(press('R'))).toBe('run-tool');
    expect(shortcutFor(press('n'))).toBe('next-elicitation');
    expect(shortcutFor(press('/'))).toBe('focus-log-search');
    expect(shortcutFor(press('e'))).toBe('show-entries');
    expect(shortcutFor(press('c'))).toBe('show-calls');
    expect(shortcutFor(press('t'))).toBe('show-timeline');
    expect(shortcutFor(press('T'))).toBe('show-timeline');
    expect(shortcutFor(press('?'))).toBe('show-shortcuts');
    expect(shortcutFor(press('x'))).toBeUndefined();
    expect(shortcutFor(press('Enter'))).toBeUndefined();
  });

  it('do not fire while someone types in a field, or with a modifier held', () => {
    expect(shortcutFor(press('r', { isTyping: true }))).toBeUndefined();
    expect(shortcutFor(press('?', { isTyping: true }))).toBeUndefined();
    expect(shortcutFor(press('t', { isTyping: true }))).toBeUndefined();
    expect(shortcutFor(press('r', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutFor(press('c', { metaKey: true }))).toBeUndefined();
    expect(shortcutFor(press('n', { isComposing: true }))).toBeUndefined();
  });

  it('open the palette with Ctrl-K or ⌘K, also from inside a field', () => {
    expect(shortcutFor(press('k', { ctrlKey: true }))).toBe('open-palette');
    expect(shortcutFor(press('K', { metaKey: true, isTyping: true }))).toBe('open-palette');
    expect(shortcutFor(press('k'))).toBeUndefined();
  });

  it('count text fields, text areas, selects and editable elements as typing, not buttons or checkboxes', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'date' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'DIV' })).toBe(false);
  });
});

import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageCommand } from '@app/model/app-store';
import { useApp, useAppStore, useIsLive, useSession } from '@app/state/app-context';
import { setThemeChoice } from '@app/ui/use-theme';
import { CommandPalette } from './command-palette';
import type { PaletteItem } from './palette-items';
import { ShortcutHelp } from './shortcut-help';
import { isTypingTarget, shortcutFor } from './shortcuts';

const ACTIONS: { command: PageCommand; label: string }[] = [
  { command: 'run-tool', label: 'Run the selected tool, prompt or resource' },
  { command: 'next-elicitation', label: 'Next pending elicitation' },
  { command: 'focus-log-search', label: 'Search the log' },
  { command: 'show-entries', label: 'Log: Entries' },
  { command: 'show-calls', label: 'Log: Calls' },
  { command: 'show-timeline', label: 'Log: Timeline' },
];

/**
 * The page's shortcuts, the `?` list and the Ctrl/⌘-K palette. Panels do the work:
 * a shortcut is a reveal request the owning panel acts on, as features never import each other.
 */
export function KeyboardLayer({ onPickTool }: { onPickTool: (name: string) => void }) {
  const store = useAppStore();
  const { sessions } = useApp();
  const session = useSession();
  const [open, setOpen] = useState<'palette' | 'shortcuts'>();
  const isLive = useIsLive();
  const lastJumpKey = useRef<string>(undefined);
  // Read by the key handler, which is installed once.
  const pendingKeys = useRef<string[]>([]);
  pendingKeys.current = isLive ? (session?.elicitations ?? []).filter((e) => !e.end).map((e) => e.key) : [];

  /** Forms and URL flows both wait on the person: the one after the last jumped to, round the queue, with the focus in it. */
  const jumpToNextElicitation = () => {
    const keys = pendingKeys.current;
    if (keys.length === 0) return;
    const key = keys[(keys.indexOf(lastJumpKey.current ?? '') + 1) % keys.length];
    lastJumpKey.current = key;
    store.reveal({ elicitationKey: key });
    focusElicitation(key);
  };
  const runCommand = (command: PageCommand) => (command === 'next-elicitation' ? jumpToNextElicitation() : store.reveal({ command }));
  const runCommandRef = useRef(runCommand);
  runCommandRef.current = runCommand;

  useEffect(() => {
    const handleKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : undefined;
      // A dialog on screen (the palette, the sessions list) owns the keyboard. Only an open one: a native dialog
      // just closed by Escape still holds the focus until the browser moves it, and a key pressed in that
      // moment (Ctrl-K straight after Escape) was lost.
      if (target?.closest('dialog[open], [role="dialog"]')) return;
      const action = shortcutFor({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        isComposing: e.isComposing,
        isTyping: target instanceof HTMLElement && isTypingTarget(target),
      });
      if (!action) return;
      e.preventDefault();
      if (action === 'open-palette') setOpen('palette');
      else if (action === 'show-shortcuts') setOpen('shortcuts');
      else runCommandRef.current(action);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [store]);

  const items = useMemo((): PaletteItem[] => {
    const tools = (session?.tools ?? []).map((tool) => ({
      id: `tool:${tool.name}`,
      group: 'Tool' as const,
      label: tool.name,
      detail: tool.title ?? tool.description,
      run: () => {
        onPickTool(tool.name);
        // As a click on it would: the focus on the tool in the list, so the next Tab goes on to its form.
        focusWhenShown(() => document.querySelector<HTMLElement>('[role="listbox"][aria-label="Tools"] [role="option"][aria-selected="true"]'));
      },
    }));
    const calls = [...(session?.calls ?? [])].reverse().map((call) => ({
      id: `call:${call.callId}`,
      group: 'Call' as const,
      label: `${call.callId} ${call.name}`,
      detail: call.end ? `ended: ${call.end.outcome}` : 'running',
      run: () => store.reveal({ logStory: { kind: 'call', id: call.callId } }),
    }));
    const sessionItems = sessions.map((summary) => ({
      id: `session:${summary.sessionId}`,
      group: 'Session' as const,
      label: summary.serverName ?? summary.sessionId,
      detail: `${summary.isLive ? 'live' : summary.isImported ? 'imported' : 'recorded'} · ${new Date(summary.startedAt).toLocaleString()} · ${summary.sessionId}`,
      run: () => store.watch(summary.sessionId),
    }));
    const themes = (['system', 'light', 'dark'] as const).map((choice) => ({
      id: `theme:${choice}`,
      group: 'Setting' as const,
      label: `Theme: ${choice === 'system' ? 'System' : choice === 'light' ? 'Light' : 'Dark'}`,
      run: () => setThemeChoice(choice),
    }));
    const actions = ACTIONS.map(({ command, label }) => ({
      id: `action:${command}`,
      group: 'Action' as const,
      label,
      run: () => runCommandRef.current(command),
    }));
    const help = { id: 'action:shortcuts', group: 'Action' as const, label: 'Keyboard shortcuts', run: () => setOpen('shortcuts') };
    return [...tools, ...calls, ...sessionItems, ...themes, ...actions, help];
  }, [session?.tools, session?.calls, sessions, store, onPickTool]);

  return (
    <>
      {/* A dialog's close event comes a task after it closed: a key pressed in between may already have
          opened the other dialog, which that late close must leave open. */}
      <CommandPalette isOpen={open === 'palette'} items={items} onClose={() => setOpen((now) => (now === 'palette' ? undefined : now))} />
      <ShortcutHelp isOpen={open === 'shortcuts'} onClose={() => setOpen((now) => (now === 'shortcuts' ? undefined : now))} />
    </>
  );
}

/**
 * Put the focus in an elicitation: a form's first field, or a URL flow's first button (Open).
 * Its panel shows it on the reveal request, and a form loads in its own chunk, so look for a few frames.
 */
function focusElicitation(key: string): void {
  focusWhenShown(() => {
    const card = document.querySelector(`[aria-label="Elicitation ${key}"], [aria-label="URL elicitation ${key}"]`);
    return card?.querySelector<HTMLElement>('input:not([type="checkbox"]), select, textarea') ?? card?.querySelector<HTMLElement>('button:not(:disabled)');
  });
}

/** Focus what `find` returns once a panel has drawn it, looking again each frame for half a second. */
function focusWhenShown(find: () => HTMLElement | null | undefined, framesLeft = 30): void {
  requestAnimationFrame(() => {
    const target = find();
    if (target) target.focus();
    else if (framesLeft > 0) focusWhenShown(find, framesLeft - 1);
  });
}

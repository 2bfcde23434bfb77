import { useEffect, useState } from 'react';
import type { Root, RootsSettings } from '@wire/target';
import { Button } from '@app/ui/button';
import { Field, INPUT_CLASS } from '@app/ui/field';
import { useBusyAction } from '@app/ui/use-busy-action';
import { rootsFromText, rootsToText } from './roots-text';

/**
 * Whether the client declares roots, and the folders it offers. While a session
 * that declares them is live, **Send roots** replaces its list there (the server
 * is told with notifications/roots/list_changed); otherwise the list is for the
 * next connection.
 */
export function RootsEditor({
  roots,
  onChange,
  onSend,
}: {
  roots: RootsSettings;
  onChange: (roots: RootsSettings) => void;
  /** Present while a live session declares roots. */
  onSend?: (list: Root[]) => Promise<void>;
}) {
  const [text, setText] = useState(() => rootsToText(roots.list));
  const [problem, setProblem] = useState<string>();
  const { busy, error, run } = useBusyAction();
  // Settings that change from outside (the watched session's, shown once per session) replace the text.
  useEffect(() => {
    setText((current) => {
      const read = rootsFromText(current);
      return 'roots' in read && JSON.stringify(read.roots) === JSON.stringify(roots.list) ? current : rootsToText(roots.list);
    });
  }, [roots.list]);
  const edit = (next: string) => {
    setText(next);
    const read = rootsFromText(next);
    if ('error' in read) return setProblem(read.error);
    setProblem(undefined);
    onChange({ ...roots, list: read.roots });
  };
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs font-medium text-slate-700">Roots the client declares</legend>
      <div className="flex items-center gap-1 text-xs">
        <label className="flex items-center gap-2">
          <input type="checkbox" className="accent-indigo-600" checked={roots.enabled} onChange={(e) => onChange({ ...roots, enabled: e.target.checked })} />
          Roots
        </label>
        <span className="text-slate-500">(roots/list, with listChanged)</span>
      </div>
      {roots.enabled && (
        <Field label="Root folders" hint={problem ?? 'One a line: file:///path, then a name if you like; a pasted /path works too.'}>
          {(id) => (
            <textarea
              id={id}
              rows={2}
              aria-invalid={problem !== undefined}
              className={`${INPUT_CLASS} font-mono text-xs`}
              value={text}
              onChange={(e) => edit(e.target.value)}
              spellCheck={false}
            />
          )}
        </Field>
      )}
      {roots.enabled && onSend && (
        <div className="flex items-center gap-2">
          <Button size="sm" disabled={busy || problem !== undefined} onClick={() => void run(() => onSend(roots.list))}>
            Send roots
          </Button>
          {error && <span className="text-[11px] text-rose-700">{error}</span>}
        </div>
      )}
    </fieldset>
  );
}

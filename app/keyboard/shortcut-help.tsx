import { Button } from '@app/ui/button';
import { ModalDialog } from './modal-dialog';
import { SHORTCUTS } from './shortcuts';

/** The list `?` opens. */
export function ShortcutHelp({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <ModalDialog label="Keyboard shortcuts" isOpen={isOpen} onClose={onClose}>
      <div className="space-y-3 p-4">
        <h2 className="text-sm font-semibold">Keyboard shortcuts</h2>
        <p className="text-xs text-slate-600">Single keys work while the focus is not in a field. In a form, Enter accepts when the form is valid.</p>
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Shortcuts and what they do</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                Key
              </th>
              <th scope="col" className="py-1 font-medium">
                Does
              </th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.action} className="border-t border-slate-200">
                <td className="py-1.5 pr-4 align-top whitespace-nowrap">
                  <kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 ring-1 ring-slate-300">{shortcut.keys}</kbd>
                </td>
                <td className="py-1.5">{shortcut.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex justify-end">
          <Button size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

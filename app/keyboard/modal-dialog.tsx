import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@app/ui/cn';

/**
 * A native modal <dialog>: it keeps focus inside, closes on Escape (which closes only
 * the dialog, nothing behind it) and gives focus back to where it was.
 */
export function ModalDialog({
  label,
  isOpen,
  onClose,
  className,
  children,
}: {
  label: string;
  isOpen: boolean;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      // Escape cancels, then closes a task later. The state follows at the cancel, so a key pressed in between
      // (Ctrl-K straight after Escape) finds the dialog closed and can open it again; a late close event of a
      // dialog opened again meanwhile is not this one's to act on.
      onCancel={onClose}
      onClose={(e) => {
        if (!e.currentTarget.open) onClose();
      }}
      onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}
      className={cn(
        'mx-auto mt-[12vh] w-[36rem] max-w-[calc(100vw-2rem)] rounded-lg bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-300 backdrop:bg-slate-900/40',
        className,
      )}
    >
      {isOpen && children}
    </dialog>
  );
}

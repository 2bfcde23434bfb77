import { useState } from 'react';
import { Button } from './button';
import { cn } from './cn';

/** Pretty JSON as text (never as HTML), with a copy button. */
export function JsonView({ value, label, className, maxHeight = 'max-h-96' }: { value: unknown; label: string; className?: string; maxHeight?: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1200);
    } catch {
      // Clipboard access can be denied (insecure context, permissions); the text stays selectable.
    }
  };
  return (
    <div className={cn('group relative', className)}>
      {/* A Tab stop: a long value scrolls inside the block, and a keyboard scrolls only what has the focus. */}
      <pre tabIndex={0} aria-label={label} className={cn('overflow-auto rounded-md bg-code-bg p-3 font-mono text-xs leading-5 text-code-fg', maxHeight)}>
        {text}
      </pre>
      <Button size="sm" tone="secondary" className="absolute top-2 right-2 opacity-80 group-hover:opacity-100" onClick={copy} aria-label={`Copy ${label}`}>
        {copied ? 'Copied' : `Copy ${label}`}
      </Button>
    </div>
  );
}

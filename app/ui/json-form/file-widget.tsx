import { useRef, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { acceptEntries, isAccepted } from '@wire/proposals';

type Picked = { name: string; type: string; size: number };

/**
 * A file picker whose value is an RFC 2397 data URI (`ui:options`: `accept`, the
 * media types and `.ext` names allowed, and `maxSize` in bytes). The file is
 * checked before it is read: the browser's own filter can be switched off by the
 * person, so a refused file never becomes a value. Says what will be sent.
 */
export function FileWidget({ id, value, disabled, readonly, onChange, options, required }: WidgetProps) {
  const accept = Array.isArray(options.accept) ? options.accept.filter((entry): entry is string => typeof entry === 'string') : undefined;
  // What the picker filters to: the entries the proposal reads (HTML ignores the rest); none when any type goes.
  const entries = acceptEntries(accept);
  const isAnyType = entries.length === 0 || entries.includes('*/*');
  const maxSize = typeof options.maxSize === 'number' ? options.maxSize : undefined;
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked>();
  const [refusal, setRefusal] = useState<string>();

  const refuse = (why: string) => {
    setRefusal(why);
    setPicked(undefined);
    if (input.current) input.current.value = '';
    onChange(undefined);
  };
  const pick = async (file: File | undefined) => {
    setRefusal(undefined);
    if (!file) return refuse('');
    // A platform that reports no type: the proposal says application/octet-stream.
    const type = file.type || 'application/octet-stream';
    if (!isAccepted(accept, type, file.name)) return refuse(`${file.name} is ${type}; this field accepts ${entries.join(', ')}.`);
    if (maxSize !== undefined && file.size > maxSize) return refuse(`${file.name} is ${file.size} bytes; this field takes at most ${maxSize} bytes.`);
    const base64 = toBase64(new Uint8Array(await file.arrayBuffer()));
    setPicked({ name: file.name, type, size: file.size });
    onChange(`data:${type};base64,${base64}`);
  };

  const sent = typeof value === 'string' ? value : undefined;
  return (
    <div className="space-y-1">
      <input
        ref={input}
        id={id}
        type="file"
        className="block w-full text-sm text-slate-700 file:mr-2 file:rounded-md file:border-0 file:bg-slate-100 file:px-2.5 file:py-1.5 file:text-sm file:text-slate-800"
        accept={isAnyType ? undefined : entries.join(',')}
        disabled={disabled || readonly}
        aria-required={required || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <p className="text-[11px] text-slate-500">
        {[isAnyType ? 'any file' : `accepts ${entries.join(', ')}`, maxSize !== undefined ? `at most ${maxSize} bytes` : ''].filter(Boolean).join(' · ')}
      </p>
      {refusal && (
        <p role="alert" className="text-xs text-rose-700">
          {refusal}
        </p>
      )}
      {sent && (
        <p role="status" aria-label="What will be sent" className="font-mono text-[11px] break-all text-slate-600">
          {picked ? `${picked.name} · ${picked.type} · ${picked.size} bytes, sent as ` : 'Sends '}
          {sent.length > 80 ? `${sent.slice(0, 80)}… (${sent.length} characters)` : sent}
        </p>
      )}
    </div>
  );
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

import { formatMiB } from '@wire/limits';
import type { ImportProgress } from './session-files';

/**
 * An import on its way, beside the Sessions button so it stays in sight with the menu closed:
 * how much of the file the inspector has checked, then that it is indexing it.
 */
export function ImportStatus({ progress }: { progress: ImportProgress }) {
  const { fileName, sentBytes, totalBytes } = progress;
  const isSent = totalBytes > 0 && sentBytes >= totalBytes;
  const percent = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0;
  return (
    <span role="status" aria-label="Import progress" className="ml-2 inline-block max-w-80 truncate align-middle text-xs text-slate-500">
      {isSent
        ? `Importing ${fileName}: checked, indexing…`
        : `Importing ${fileName}: ${formatMiB(sentBytes)} of ${formatMiB(totalBytes)} checked (${percent} %)`}
    </span>
  );
}

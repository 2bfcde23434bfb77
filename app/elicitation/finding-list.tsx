import type { ElicitationView } from '@app/model/session-store';

/** A request's findings, one line each with its code; nothing when there are none. */
export function FindingList({ findings }: { findings: ElicitationView['findings'] }) {
  if (findings.length === 0) return null;
  return (
    <ul aria-label="Findings" className="space-y-1">
      {findings.map((f) => (
        <li key={f.code + f.message} className="rounded bg-rose-50 px-2 py-1 text-xs text-rose-800 ring-1 ring-rose-200">
          <span className="font-mono text-[10px] uppercase">{f.code}</span> {f.message}
        </li>
      ))}
    </ul>
  );
}

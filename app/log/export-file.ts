import type { LogEvent } from '@wire/events';
import { sessionHeader } from '@wire/session-format';
import type { SessionSnapshot } from '@app/model/session-store';
import { saveFile } from '@app/ui/save-file';

/**
 * Download events as a session file (JSONL, header first): the format the proxy
 * records, so an export opens again with Import. A filtered view is renumbered
 * 1…n (session files are gap-free); references between its entries follow.
 */
export function downloadSessionFile(session: SessionSnapshot, events: readonly LogEvent[], filtered: boolean): void {
  const header = sessionHeader(session.sessionId, session.status.startedAt ?? events[0]?.at ?? Date.now());
  const lines = filtered ? renumber(events) : events;
  const text = [JSON.stringify(header), ...lines.map((e) => JSON.stringify(e))].join('\n') + '\n';
  saveFile(new Blob([text], { type: 'application/x-ndjson' }), `session-${session.sessionId.slice(0, 8)}${filtered ? '-filtered' : ''}.jsonl`);
}

function renumber(events: readonly LogEvent[]): LogEvent[] {
  const seqOf = new Map(events.map((e, i) => [e.seq, i + 1]));
  return events.map((e, i) => {
    const next = { ...e, seq: i + 1 };
    if (next.kind === 'finding' && next.aboutSeq !== undefined) {
      const about = seqOf.get(next.aboutSeq);
      if (about === undefined) delete next.aboutSeq;
      else next.aboutSeq = about;
    }
    return next;
  });
}

import type { InspectorConnection } from '@app/model/connection';
import { saveFile } from '@app/ui/save-file';

/** The proxy's HTTP API for session files; the token goes in a header, never in a URL. */
export async function importSessionFile(token: string, file: Blob): Promise<{ sessionId: string; eventCount: number }> {
  const response = await fetch('/api/sessions/import', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-ndjson' },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as { sessionId?: string; eventCount?: number; error?: { message: string } };
  if (!response.ok || !body.sessionId) throw new Error(body.error?.message ?? `Import failed (HTTP ${response.status}).`);
  return { sessionId: body.sessionId, eventCount: body.eventCount ?? 0 };
}

export async function downloadRecordedSession(token: string, sessionId: string): Promise<void> {
  const response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/export`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`Export failed (HTTP ${response.status}).`);
  saveFile(await response.blob(), `session-${sessionId.slice(0, 8)}.jsonl`);
}

/** Ask the proxy to write a session as a scenario (its calls, answers and results) and download it. */
export async function saveAsScenario(app: { connection: InspectorConnection }, sessionId: string): Promise<void> {
  const { scenario } = await app.connection.send('scenario-from-session', { sessionId });
  saveFile(new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' }), `scenario-${sessionId.slice(0, 8)}.json`);
}

/** The session as a Playwright test (elicitation-inspector/playwright), written by the proxy from its file. */
export async function downloadSessionAsTest(token: string, sessionId: string): Promise<void> {
  const response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/export-spec`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`Export as a Playwright test failed (HTTP ${response.status}).`);
  saveFile(await response.blob(), `session-${sessionId.slice(0, 8)}.spec.ts`);
}

import type { InspectorConnection } from '@app/model/connection';
import { saveFile } from '@app/ui/save-file';
import { formatMiB, MAX_IMPORT_BYTES } from '@wire/limits';

/** How far an import has got: bytes the proxy has taken of the file (it checks each line as it takes it). */
export type ImportProgress = { fileName: string; sentBytes: number; totalBytes: number };

/**
 * The proxy's HTTP API for session files; the token goes in a header, never in a URL.
 * An XMLHttpRequest, not fetch: only it reports an upload's progress. The proxy reads the
 * file as it checks it, so the bytes sent track the lines checked; once all are sent it
 * still indexes the file before it answers.
 */
export function importSessionFile(
  token: string,
  file: File,
  onProgress: (progress: ImportProgress) => void = () => {},
): Promise<{ sessionId: string; eventCount: number }> {
  if (file.size > MAX_IMPORT_BYTES)
    return Promise.reject(new Error(`${file.name} is ${formatMiB(file.size)}; the inspector imports files of up to ${formatMiB(MAX_IMPORT_BYTES)}.`));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/sessions/import');
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', 'application/x-ndjson');
    request.upload.onprogress = (e) => onProgress({ fileName: file.name, sentBytes: e.loaded, totalBytes: e.lengthComputable ? e.total : file.size });
    request.onerror = () => reject(new Error('Import failed: the inspector could not be reached.'));
    request.onload = () => {
      const body = parseImportAnswer(request.responseText);
      if (request.status >= 200 && request.status < 300 && body.sessionId) resolve({ sessionId: body.sessionId, eventCount: body.eventCount ?? 0 });
      else reject(new Error(body.error ?? `Import failed (HTTP ${request.status}).`));
    };
    onProgress({ fileName: file.name, sentBytes: 0, totalBytes: file.size });
    request.send(file);
  });
}

function parseImportAnswer(text: string): { sessionId?: string; eventCount?: number; error?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {}; // not JSON (a proxy in front, say): the status says what happened
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const error = 'error' in raw && typeof raw.error === 'object' && raw.error !== null && 'message' in raw.error ? raw.error.message : undefined;
  return {
    ...('sessionId' in raw && typeof raw.sessionId === 'string' && { sessionId: raw.sessionId }),
    ...('eventCount' in raw && typeof raw.eventCount === 'number' && { eventCount: raw.eventCount }),
    ...(typeof error === 'string' && { error }),
  };
}

/**
 * What the Sessions dialog downloads, each written by the proxy from the session's file:
 * the file as recorded, a Playwright test that repeats it, HAR 1.2 of its HTTP exchanges,
 * its calls as OpenTelemetry traces (OTLP/JSON).
 */
export const SESSION_DOWNLOADS = {
  jsonl: { route: 'export', suffix: 'jsonl', label: 'Export', title: 'The session file as recorded' },
  spec: {
    route: 'export-spec',
    suffix: 'spec.ts',
    label: 'Export as Playwright test',
    title: "A Playwright test that repeats this session's tool calls and answers and checks its results",
  },
  har: {
    route: 'export-as/har',
    suffix: 'har',
    label: 'Export as HAR',
    title: "Its HTTP exchanges as a HAR 1.2 file, redacted as in the log, for a browser's network panel",
  },
  otlp: {
    route: 'export-as/otlp',
    suffix: 'otlp.json',
    label: 'Export as OpenTelemetry',
    title: 'Its calls as OpenTelemetry traces (OTLP/JSON): a span per call, round, elicitation wait, URL flow and polling pause',
  },
} as const;
export type SessionDownload = keyof typeof SESSION_DOWNLOADS;

export async function downloadSession(token: string, sessionId: string, as: SessionDownload): Promise<void> {
  const { route, suffix, label } = SESSION_DOWNLOADS[as];
  const response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/${route}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${label} failed (HTTP ${response.status}).`);
  saveFile(await response.blob(), `session-${sessionId.slice(0, 8)}.${suffix}`);
}

/** Ask the proxy to write a session as a scenario (its calls, answers and results) and download it. */
export async function saveAsScenario(app: { connection: InspectorConnection }, sessionId: string): Promise<void> {
  const { scenario } = await app.connection.send('scenario-from-session', { sessionId });
  saveFile(new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' }), `scenario-${sessionId.slice(0, 8)}.json`);
}

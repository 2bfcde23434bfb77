import type { SessionDiff } from '@wire/session-diff';

/**
 * Two sessions compared by the proxy, with the code `elicitation-inspector diff` runs
 * (its diff route reads both session files); the token goes in a header, never in a URL.
 */
export async function fetchSessionDiff(token: string, a: string, b: string, timeThresholdMs: number, signal?: AbortSignal): Promise<SessionDiff> {
  const url = `/api/sessions/${encodeURIComponent(a)}/diff/${encodeURIComponent(b)}?timeThreshold=${timeThresholdMs}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, ...(signal && { signal }) });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined; // not JSON (a proxy in front, say): the status says what happened
  }
  if (!response.ok) throw new Error(errorMessage(body) ?? `The comparison failed (HTTP ${response.status}).`);
  if (!isSessionDiff(body)) throw new Error('The comparison came back in a shape this page does not read.');
  return body;
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

/** The parts the view reads; the proxy builds the whole from SessionDiffSchema's type. */
function isSessionDiff(body: unknown): body is SessionDiff {
  return typeof body === 'object' && body !== null && 'calls' in body && Array.isArray(body.calls) && 'a' in body && 'b' in body;
}

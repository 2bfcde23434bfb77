import type { AuditJob } from '@wire/audit';

/**
 * The proxy's audit routes (server/http/audit-routes.ts): start one on a recorded call,
 * read how far it got, stop it. The token goes in a header, never in a URL.
 */
export function startAudit(token: string, sessionId: string, callId: string): Promise<AuditJob> {
  return request(token, 'POST', `/api/sessions/${encodeURIComponent(sessionId)}/calls/${encodeURIComponent(callId)}/audit`);
}

export function readAudit(token: string, signal?: AbortSignal): Promise<AuditJob> {
  return request(token, 'GET', '/api/audit', signal);
}

export function stopAudit(token: string, auditId: string): Promise<AuditJob> {
  return request(token, 'POST', `/api/audit/${encodeURIComponent(auditId)}/stop`);
}

async function request(token: string, method: 'GET' | 'POST', url: string, signal?: AbortSignal): Promise<AuditJob> {
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(signal && { signal }) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error('The inspector could not be reached: is it still running?', { cause: error });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined; // not JSON (a proxy in front, say): the status says what happened
  }
  if (!response.ok) throw new Error(errorMessage(body) ?? `The audit request failed (HTTP ${response.status}).`);
  if (!isAuditJob(body)) throw new Error('The audit came back in a shape this page does not read.');
  return body;
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

function isAuditJob(body: unknown): body is AuditJob {
  return typeof body === 'object' && body !== null && 'auditId' in body && 'status' in body && 'cases' in body && Array.isArray(body.cases);
}

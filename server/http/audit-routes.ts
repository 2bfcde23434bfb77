/**
 * The page's audit: start one on a recorded call, read how far it got, stop it.
 * Under /api/*, so behind the same Origin and token checks as every other route;
 * the runner (server/audit) is loaded on the first audit, not at start-up.
 */
import type { Hono } from 'hono';
import type { SessionRegistry } from '../registry/session-registry';
import { WireFailure } from '../wire/errors';
import { tools } from './tools';

export type AuditRoutes = { close(): Promise<void> };
type AuditJobs = InstanceType<Awaited<ReturnType<typeof tools.audit>>['AuditJobs']>;

export function auditRoutes(app: Hono, registry: SessionRegistry): AuditRoutes {
  let jobs: Promise<AuditJobs> | undefined;
  const jobsOf = () => (jobs ??= tools.audit().then(({ AuditJobs }) => new AuditJobs(registry)));

  /** Starts auditing the call: 202 with the audit as it starts, or why it cannot (not a call that elicited, one already running). */
  app.post('/api/sessions/:id/calls/:callId/audit', async (c) => {
    const job = await (await jobsOf()).start(c.req.param('id'), c.req.param('callId'));
    return c.json(job, 202);
  });

  /** The audit running, or the last one: done of total, and each finished case's verdict. */
  app.get('/api/audit', async (c) => {
    const job = jobs && (await jobs).current();
    if (!job) throw new WireFailure('not-found', 'No audit has run since the inspector started.');
    c.header('Cache-Control', 'no-store');
    return c.json(job);
  });

  /** Stops it; answers once it has, with the cases that finished. Stopping one that ended answers it as it is. */
  app.post('/api/audit/:auditId/stop', async (c) => {
    if (!jobs) throw new WireFailure('not-found', `No audit ${c.req.param('auditId')}.`);
    return c.json(await (await jobs).stop(c.req.param('auditId')));
  });

  return { close: async () => void (await (await jobs)?.close()) };
}

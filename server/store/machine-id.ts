/**
 * The machine a session file was written on, as the file says it: a digest of the host name,
 * not the name. Session files are shared (attached to bug reports, exported, diffed), and a
 * follower only needs to know whether the writer was this machine, never which machine it was.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';

export function machineId(name = hostname()): string {
  return createHash('sha256').update(`elicitation-inspector machine:${name}`).digest('hex').slice(0, 16);
}

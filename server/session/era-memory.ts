import type { Target } from '../wire/target';

/** Targets remembered at most; the oldest is forgotten first. */
const MAX_TARGETS = 256;

/**
 * Stdio targets Auto found speaking only 2025 in this run: the probe was answered
 * with no 2026-07-28 in it, or never answered, or the server exited under it.
 * For the rest of this run they are connected with the SDK's
 * `prior: { kind: 'legacy' }`, one process and no probe, so a Reconnect costs
 * what the pinned revision does: on stdio the probe's round trip waits for the
 * whole server start (hundreds of ms for a Node server) before `initialize` can
 * go. The memory is checked every time it is used: the `initialize` that follows
 * must succeed, else it is forgotten and the next attempt probes again. A server
 * that speaks 2026-07-28 is not remembered: pinned, it would be probed too.
 */
const legacyTargets = new Set<string>();

export function isRememberedLegacy(target: Target): boolean {
  return legacyTargets.has(targetKey(target));
}

export function rememberLegacy(target: Target): void {
  const key = targetKey(target);
  legacyTargets.delete(key);
  legacyTargets.add(key);
  if (legacyTargets.size > MAX_TARGETS) legacyTargets.delete(legacyTargets.values().next().value!);
}

export function forgetLegacy(target: Target): void {
  legacyTargets.delete(targetKey(target));
}

/** What makes a server the same server: how it is started, or where it answers. */
export function targetKey(target: Target): string {
  if (target.transport === 'stdio') return JSON.stringify(['stdio', target.command, target.args, target.env, target.cwd ?? null]);
  return JSON.stringify([target.transport, target.url]);
}

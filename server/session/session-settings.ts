/**
 * Changing a session's settings while it runs (its response rules, the roots it offers), and
 * what its settings declare about elicitation. Settings are replaced, never edited in place, so
 * a call keeps the settings it started with and a reconnect starts with the ones last set.
 */
import type { Client } from '@modelcontextprotocol/client';
import { WireFailure } from '../wire/errors';
import type { NewLogEvent } from '../wire/events';
import type { RuleSet } from '../wire/rules';
import type { Root, SessionSettings } from '../wire/target';
import type { ElicitationContext } from '../checks/findings';

/** The session whose settings change, as it is now. */
export type SettingsSession = {
  readonly state: 'connecting' | 'ready' | 'closed';
  readonly era: 'legacy' | 'modern' | undefined;
  settings: SessionSettings;
  emit(event: NewLogEvent): unknown;
};

/**
 * Replace the response rules. They apply to elicitations logged after this entry; one already
 * pending, or already taken by a rule, keeps what it has.
 */
export function changeRules(session: SettingsSession, rules: RuleSet): void {
  if (session.state === 'closed') throw new WireFailure('conflict', 'This session has ended; reconnect to set its rules.');
  session.settings = { ...session.settings, rules };
  const enabledCount = rules.rules.filter((rule) => rule.enabled).length;
  const detail = `${rules.rules.length} rule${rules.rules.length === 1 ? '' : 's'}, ${enabledCount} on${rules.enabled ? '' : '; all switched off'}`;
  session.emit({ kind: 'action', actor: 'user', action: 'set-rules', detail });
}

/**
 * Replace the roots the client offers. While connected the server is told with
 * notifications/roots/list_changed (the client declares `listChanged`); it asks
 * again with roots/list, or, on 2026-07-28, in its next input request. `client`: the latest connect attempt's.
 */
export async function changeRoots(session: SettingsSession, client: () => Client, list: Root[]): Promise<void> {
  if (session.state === 'closed') throw new WireFailure('conflict', 'This session has ended; reconnect to set its roots.');
  if (!session.settings.roots.enabled) throw new WireFailure('conflict', 'This connection does not declare roots: switch Roots on and reconnect.');
  session.settings = { ...session.settings, roots: { ...session.settings.roots, list } };
  const count = `${list.length} root${list.length === 1 ? '' : 's'}`;
  // 2026-07-28 removed the notification: a server learns the new list from its next input request.
  const isAnnounced = session.state === 'ready' && session.era === 'legacy';
  session.emit({
    kind: 'action',
    actor: 'user',
    action: 'set-roots',
    detail: isAnnounced ? count : `${count}; not announced (2026-07-28 has no roots/list_changed)`,
  });
  if (!isAnnounced) return;
  try {
    await client().sendRootsListChanged();
  } catch (error) {
    session.emit({ kind: 'proxy-error', error: { code: 'sdk-error', message: `notifications/roots/list_changed failed: ${(error as Error).message}` } });
  }
}

/** What the session's settings declare about elicitation, at the version it speaks (or asked for, before it knows). */
export function elicitationContextOf(settings: SessionSettings, protocolVersion: string | undefined): ElicitationContext {
  const { form, url } = settings.elicitation;
  const is0618 = settings.protocol === '2025-06-18';
  return {
    protocolVersion: protocolVersion ?? settings.protocol,
    declared: { form, url: url && !is0618 },
    fileInputs: settings.proposals.fileInputs,
    appElicitation: settings.proposals.appElicitation && form,
  };
}

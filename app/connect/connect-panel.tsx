import { useEffect, useState } from 'react';
import { DEFAULT_SETTINGS, type SessionSettings } from '@wire/target';
import { WireFailure } from '@wire/errors';
import { pageRulesDraft } from '@app/model/rules-draft';
import { useAppStore, useSession, useSessionSummary } from '@app/state/app-context';
import { Button } from '@app/ui/button';
import { Field, INPUT_CLASS, Segmented } from '@app/ui/field';
import { useBusyAction } from '@app/ui/use-busy-action';
import { ClientSettingsForm } from './client-settings-form';
import { ConfiguredServers, PasteConfig } from './config-servers';
import { isDrivable } from './connection-status';
import { OAuthFields } from './oauth-fields';
import { draftFromTarget, EMPTY_DRAFT, sameDraft, targetFromDraft, type TargetDraft, type TransportKind } from './target-draft';
import { Alert } from '../ui/alert';

/** Where to connect and as what kind of client; connect, disconnect, reconnect. */
export function ConnectPanel() {
  const app = useAppStore();
  const session = useSession();
  const summary = useSessionSummary();
  const status = session?.status;
  const [draft, setDraft] = useState<TargetDraft>(EMPTY_DRAFT);
  const [prefill, setPrefill] = useState<{ sessionId: string; draft: TargetDraft } | undefined>();
  const [chosenSettings, setSettings] = useState<SessionSettings>(DEFAULT_SETTINGS);
  const { busy, error, run } = useBusyAction();

  // Show the watched session's target and settings, once per session.
  useEffect(() => {
    if (!session || !status?.target || prefill?.sessionId === session.sessionId) return;
    const next = draftFromTarget(status.target);
    setPrefill({ sessionId: session.sessionId, draft: next });
    setDraft(next);
    if (status.settings) setSettings(status.settings);
  }, [session, status, prefill]);

  const isLive = isDrivable(status, summary);
  const update = (patch: Partial<TargetDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // The Rules panel's rules: the live session's own, else the page's rules for the next connection.
  const settingsToSend = (): SessionSettings => ({ ...chosenSettings, rules: isLive && summary ? summary.settings.rules : pageRulesDraft().get() });

  const connect = () =>
    run(async () => {
      const settings = settingsToSend();
      // An unchanged target reuses the session's own (unredacted) headers and environment.
      if (session && prefill && sameDraft(draft, prefill.draft)) {
        try {
          const { sessionId } = await app.connection.send('reconnect', { sessionId: session.sessionId, settings });
          app.watch(sessionId);
          return;
        } catch (error) {
          // A record from an earlier run or a file has no live target to reuse: connect anew from the form.
          if (!(error instanceof WireFailure && error.wireError.code === 'conflict')) throw error;
        }
      }
      const built = targetFromDraft(draft);
      if ('error' in built) throw new Error(built.error);
      if (session && isLive) await app.connection.send('disconnect', { sessionId: session.sessionId });
      const { sessionId } = await app.connection.send('connect', { target: built.target, settings });
      app.watch(sessionId);
    });

  const disconnect = () =>
    run(async () => {
      if (session) await app.connection.send('disconnect', { sessionId: session.sessionId });
    });

  return (
    <form
      aria-label="Connection"
      className="space-y-3 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void connect();
      }}
    >
      <ConfiguredServers
        settings={settingsToSend}
        beforeConnect={async () => {
          if (session && isLive) await app.connection.send('disconnect', { sessionId: session.sessionId });
        }}
      />
      <Segmented<TransportKind>
        label="Transport"
        value={draft.transport}
        onChange={(transport) => update({ transport })}
        options={[
          { value: 'stdio', label: 'stdio' },
          { value: 'http', label: 'Streamable HTTP' },
          { value: 'sse', label: 'SSE (legacy)' },
        ]}
      />
      {draft.transport === 'stdio' ? (
        <>
          <Field label="Command">
            {(id) => (
              <input
                id={id}
                className={INPUT_CLASS}
                value={draft.command}
                onChange={(e) => update({ command: e.target.value })}
                placeholder="npx"
                spellCheck={false}
              />
            )}
          </Field>
          <Field label="Arguments" hint="One argument per line.">
            {(id) => (
              <textarea
                id={id}
                rows={3}
                className={`${INPUT_CLASS} font-mono text-xs`}
                value={draft.args}
                onChange={(e) => update({ args: e.target.value })}
                spellCheck={false}
              />
            )}
          </Field>
          <Field label="Environment" hint="KEY=VALUE, one per line.">
            {(id) => (
              <textarea
                id={id}
                rows={2}
                className={`${INPUT_CLASS} font-mono text-xs`}
                value={draft.env}
                onChange={(e) => update({ env: e.target.value })}
                spellCheck={false}
              />
            )}
          </Field>
          <Field label="Working directory">
            {(id) => <input id={id} className={INPUT_CLASS} value={draft.cwd} onChange={(e) => update({ cwd: e.target.value })} spellCheck={false} />}
          </Field>
        </>
      ) : (
        <>
          <Field label="URL">
            {(id) => <input id={id} className={INPUT_CLASS} value={draft.url} onChange={(e) => update({ url: e.target.value })} spellCheck={false} />}
          </Field>
          <Field label="Headers" hint='"Name: value", one per line, e.g. Authorization: Bearer …'>
            {(id) => (
              <textarea
                id={id}
                rows={2}
                className={`${INPUT_CLASS} font-mono text-xs`}
                value={draft.headers}
                onChange={(e) => update({ headers: e.target.value })}
                spellCheck={false}
              />
            )}
          </Field>
          <OAuthFields draft={draft.oauth} onChange={(oauth) => update({ oauth })} />
        </>
      )}
      <PasteConfig onPick={(target) => setDraft(draftFromTarget(target))} />
      <ClientSettingsForm
        settings={chosenSettings}
        onChange={setSettings}
        onSendRoots={
          isLive && session && summary?.settings.roots.enabled
            ? async (roots) => void (await app.connection.send('set-roots', { sessionId: session.sessionId, roots }))
            : undefined
        }
      />
      {error && <Alert>{error}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" tone="primary" disabled={busy}>
          {isLive ? 'Reconnect' : 'Connect'}
        </Button>
        {isLive && (
          <Button tone="danger" onClick={() => void disconnect()} disabled={busy}>
            Disconnect
          </Button>
        )}
      </div>
    </form>
  );
}

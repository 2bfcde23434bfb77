import { PROTOCOL_CHOICES, type ProtocolChoice, type SessionSettings } from '@wire/target';
import type { Root } from '@wire/target';
import { Field, INPUT_CLASS } from '@app/ui/field';
import { useRememberedFlag } from '@app/ui/use-layout-memory';
import { RootsEditor } from './roots-editor';
import { ProposalSettingsFields } from './proposal-settings';

const PROTOCOL_LABELS: Record<ProtocolChoice, string> = {
  auto: 'Auto (prefer 2026-07-28, fall back)',
  '2026-07-28': '2026-07-28 only',
  '2025-11-25': '2025-11-25',
  '2025-06-18': '2025-06-18 (form only)',
};

/** What kind of client the inspector is for the next connection. */
export function ClientSettingsForm({
  settings,
  onChange,
  onSendRoots,
}: {
  settings: SessionSettings;
  onChange: (settings: SessionSettings) => void;
  /** Present while a live session declares roots: replaces its list there. */
  onSendRoots?: (list: Root[]) => Promise<void>;
}) {
  const set = (patch: Partial<SessionSettings>) => onChange({ ...settings, ...patch });
  const is0618 = settings.protocol === '2025-06-18';
  const [isOpen, setOpen] = useRememberedFlag('client-settings-open', false);
  return (
    <details open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-md bg-slate-50 px-2 py-1.5 ring-1 ring-slate-200">
      <summary className="cursor-pointer text-xs font-medium text-slate-700">
        Client settings{' '}
        <span className="font-normal text-slate-500">
          · {settings.protocol} · timeout {Math.round(settings.requestTimeoutMs / 1000)} s
        </span>
      </summary>
      <div className="mt-2 space-y-3">
        <Field label="Protocol">
          {(id) => (
            <select id={id} className={INPUT_CLASS} value={settings.protocol} onChange={(e) => set({ protocol: e.target.value as ProtocolChoice })}>
              {PROTOCOL_CHOICES.map((p) => (
                <option key={p} value={p}>
                  {PROTOCOL_LABELS[p]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="space-y-1">
          <legend className="text-xs font-medium text-slate-700">Elicitation the client declares</legend>
          <label className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              className="accent-indigo-600"
              checked={settings.elicitation.form}
              onChange={(e) => set({ elicitation: { ...settings.elicitation, form: e.target.checked } })}
            />
            Form mode
          </label>
          <label className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              className="accent-indigo-600"
              checked={settings.elicitation.url && !is0618}
              disabled={is0618}
              onChange={(e) => set({ elicitation: { ...settings.elicitation, url: e.target.checked } })}
            />
            URL mode {is0618 && <span className="text-slate-500">(not in 2025-06-18)</span>}
          </label>
          <label className="flex items-center gap-2 text-xs">
            <input type="checkbox" className="accent-indigo-600" checked={settings.applyDefaults} onChange={(e) => set({ applyDefaults: e.target.checked })} />
            SDK applyDefaults <span className="text-slate-500">(the SDK fills untouched defaults into accepted content)</span>
          </label>
        </fieldset>
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={settings.sampling.enabled}
            onChange={(e) => set({ sampling: { enabled: e.target.checked } })}
          />
          Sampling <span className="text-slate-500">(sampling/createMessage waits under Pending requests)</span>
        </label>
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={settings.tasks.enabled && !is0618}
            disabled={is0618}
            onChange={(e) => set({ tasks: { enabled: e.target.checked } })}
          />
          Tasks <span className="text-slate-500">{is0618 ? '(not in 2025-06-18)' : '(a server may run an elicitation as a task and poll it)'}</span>
        </label>
        <RootsEditor roots={settings.roots} onChange={(roots) => set({ roots })} onSend={onSendRoots} />
        <ProposalSettingsFields proposals={settings.proposals} onChange={(proposals) => set({ proposals })} />
        <div className="grid grid-cols-2 gap-2">
          <Field label="Request timeout (seconds)">
            {(id) => (
              <input
                id={id}
                type="number"
                min={1}
                className={INPUT_CLASS}
                value={Math.round(settings.requestTimeoutMs / 1000)}
                onChange={(e) => set({ requestTimeoutMs: Math.max(1, Number(e.target.value) || 1) * 1000 })}
              />
            )}
          </Field>
          <Field label="Max rounds">
            {(id) => (
              <input
                id={id}
                type="number"
                min={1}
                max={1000}
                className={INPUT_CLASS}
                value={settings.maxRounds}
                onChange={(e) => set({ maxRounds: Math.max(1, Number(e.target.value) || 1) })}
              />
            )}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={settings.autoRetryUrlRequired}
            onChange={(e) => set({ autoRetryUrlRequired: e.target.checked })}
          />
          Retry a -32042 call by itself once its URL elicitations complete
        </label>
      </div>
    </details>
  );
}

import { useState } from 'react';
import { Field, INPUT_CLASS, TextField } from '@app/ui/field';
import { CrossAppFields } from './cross-app-fields';
import type { OAuthDraft } from './oauth-draft';

/**
 * The OAuth options of the command line, folded: most servers need none, since a
 * server that asks for OAuth gets a sign-in with dynamic registration anyway.
 * Nothing here is remembered in the browser: the values live in the form alone.
 */
export function OAuthFields({ draft, onChange }: { draft: OAuthDraft; onChange: (draft: OAuthDraft) => void }) {
  const set = (patch: Partial<OAuthDraft>) => onChange({ ...draft, ...patch });
  const [isOpen, setOpen] = useState(false);
  const chosen = [
    draft.clientId && `client ${draft.clientId}`,
    draft.privateKey && 'signs with a key',
    draft.isClientCredentials && 'as a machine',
    draft.isCrossApp && 'cross-app access',
    draft.keepTokens && 'keeps tokens',
  ].filter(Boolean);
  return (
    <details open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-md bg-slate-50 px-2 py-1.5 ring-1 ring-slate-200">
      <summary className="cursor-pointer text-xs font-medium text-slate-700">
        OAuth <span className="font-normal text-slate-500">· {chosen.length ? chosen.join(' · ') : 'register when asked'}</span>
      </summary>
      <div className="mt-2 space-y-3">
        <TextField
          label="OAuth client ID"
          hint="A client the authorization server already knows; empty: the inspector registers itself."
          value={draft.clientId}
          onChange={(clientId) => set({ clientId })}
        />
        <TextField
          label="OAuth client secret"
          hint="Kept in the inspector's memory only; never saved or logged."
          value={draft.clientSecret}
          onChange={(clientSecret) => set({ clientSecret })}
          isSecret
        />
        <Field
          label="OAuth private key"
          hint="A PKCS#8 PEM key: token requests carry an assertion signed with it (private_key_jwt) instead of the secret. Memory only."
        >
          {(id) => (
            <textarea
              id={id}
              rows={2}
              autoComplete="off"
              className={`${INPUT_CLASS} font-mono text-[11px]`}
              value={draft.privateKey}
              placeholder="-----BEGIN PRIVATE KEY-----"
              onChange={(e) => set({ privateKey: e.target.value })}
              spellCheck={false}
            />
          )}
        </Field>
        <TextField
          label="Client metadata URL"
          hint="An https client ID metadata document, used where the server supports it."
          value={draft.clientMetadataUrl}
          onChange={(clientMetadataUrl) => set({ clientMetadataUrl })}
        />
        <TextField
          label="OAuth scope"
          hint="Asked for only when neither the server's challenge nor its metadata names any."
          value={draft.scope}
          onChange={(scope) => set({ scope })}
        />
        <label className="flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={draft.isClientCredentials}
            onChange={(e) => set({ isClientCredentials: e.target.checked })}
          />
          Sign in as a machine (client credentials)
        </label>
        <CrossAppFields draft={draft} onChange={set} />
        <label className="flex items-center gap-2 text-xs">
          <input type="checkbox" className="accent-indigo-600" checked={draft.keepTokens} onChange={(e) => set({ keepTokens: e.target.checked })} />
          Keep tokens for the next run
        </label>
      </div>
    </details>
  );
}

import { Field, INPUT_CLASS } from '@app/ui/field';
import type { OAuthDraft } from './oauth-draft';

/**
 * Cross-app access (Enterprise-Managed Authorization): the person's ID token
 * from the enterprise identity provider is exchanged there for a grant this
 * server's authorization server takes instead of a sign-in. Folded behind its
 * checkbox; the token and the secret live in the form alone.
 */
export function CrossAppFields({ draft, onChange }: { draft: OAuthDraft; onChange: (patch: Partial<OAuthDraft>) => void }) {
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" className="accent-indigo-600" checked={draft.isCrossApp} onChange={(e) => onChange({ isCrossApp: e.target.checked })} />
        Cross-app access (enterprise identity provider)
      </label>
      {draft.isCrossApp && (
        <div className="space-y-3 border-l-2 border-slate-200 pl-2">
          <Field label="Identity provider issuer" hint="Its token endpoint is read from its metadata.">
            {(id) => (
              <input id={id} className={INPUT_CLASS} value={draft.idpIssuer} onChange={(e) => onChange({ idpIssuer: e.target.value })} spellCheck={false} />
            )}
          </Field>
          <Field label="Identity provider client ID">
            {(id) => (
              <input id={id} className={INPUT_CLASS} value={draft.idpClientId} onChange={(e) => onChange({ idpClientId: e.target.value })} spellCheck={false} />
            )}
          </Field>
          <Field label="Identity provider client secret" hint="Only if the identity provider knows this client as a confidential one.">
            {(id) => (
              <input
                id={id}
                type="password"
                autoComplete="off"
                className={INPUT_CLASS}
                value={draft.idpClientSecret}
                onChange={(e) => onChange({ idpClientSecret: e.target.value })}
                spellCheck={false}
              />
            )}
          </Field>
          <Field label="ID token" hint="The person's OpenID Connect ID token from that identity provider. Memory only.">
            {(id) => (
              <input
                id={id}
                type="password"
                autoComplete="off"
                className={INPUT_CLASS}
                value={draft.idToken}
                onChange={(e) => onChange({ idToken: e.target.value })}
                spellCheck={false}
              />
            )}
          </Field>
        </div>
      )}
    </div>
  );
}

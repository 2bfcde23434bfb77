import { TextField } from '@app/ui/field';
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
          <TextField
            label="Identity provider issuer"
            hint="Its token endpoint is read from its metadata."
            value={draft.idpIssuer}
            onChange={(idpIssuer) => onChange({ idpIssuer })}
          />
          <TextField label="Identity provider client ID" value={draft.idpClientId} onChange={(idpClientId) => onChange({ idpClientId })} />
          <TextField
            label="Identity provider client secret"
            hint="Only if the identity provider knows this client as a confidential one."
            value={draft.idpClientSecret}
            onChange={(idpClientSecret) => onChange({ idpClientSecret })}
            isSecret
          />
          <TextField
            label="ID token"
            hint="The person's OpenID Connect ID token from that identity provider. Memory only."
            value={draft.idToken}
            onChange={(idToken) => onChange({ idToken })}
            isSecret
          />
        </div>
      )}
    </div>
  );
}

import { REMEDIATION_HINT_TEXT, type AuthorizationDenial } from '@wire/proposals';
import { displayText } from '../ui/display-text';

/**
 * SEP-2643: the URL elicitation remedies an authorization denial. Says so, with
 * the denial's remediation, its correlation handle (echoed on the retry) and each hint.
 */
export function AuthorizationStep({ denial }: { denial: AuthorizationDenial }) {
  const hints = denial.remediationHints ?? [];
  return (
    <section aria-label="Authorization step" className="space-y-1 rounded-md bg-indigo-50 px-2 py-1.5 text-xs text-indigo-950 ring-1 ring-indigo-200">
      <p>
        <span className="font-semibold">Authorization step</span>: the server denied the call ({displayText(denial.reason)}, remediation {denial.remediation})
        until this URL is completed.
        {denial.authorizationContextId !== undefined && (
          <>
            {' '}
            The retry echoes{' '}
            <span className="font-mono" aria-label="authorizationContextId">
              {displayText(denial.authorizationContextId)}
            </span>
            .
          </>
        )}
      </p>
      {hints.length > 0 && (
        <ul aria-label="Remediation hints" className="list-disc pl-4">
          {hints.map((hint, i) => {
            const { type, ...members } = hint;
            const extra = Object.keys(members).length ? ` ${JSON.stringify(members).slice(0, 300)}` : '';
            return (
              <li key={i}>
                <span className="font-mono">{displayText(type)}</span>:{' '}
                {REMEDIATION_HINT_TEXT[type] ?? 'a hint type the inspector does not know (a client ignores it)'}
                {extra && <span className="font-mono text-indigo-800">{displayText(extra)}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

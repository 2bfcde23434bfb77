import type { AuthorizationDenial } from '@wire/proposals';
import { displayText } from '../ui/display-text';
import { RemediationHints } from './remediation-hints';

/**
 * SEP-2643: the URL elicitation remedies an authorization denial. Says so, with
 * the denial's remediation, its correlation handle (echoed on the retry) and each hint.
 */
export function AuthorizationStep({ denial }: { denial: AuthorizationDenial }) {
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
      <RemediationHints hints={denial.remediationHints ?? []} membersClass="text-indigo-800" />
    </section>
  );
}

import { REMEDIATION_TEXT, type AuthorizationDenial } from '@wire/proposals';
import { displayText } from '../ui/display-text';
import { RemediationHints } from '../url-flow/remediation-hints';

/**
 * SEP-2643: a tool's result that denies the call on authorization grounds (the
 * Authorization denials setting). Says that the call was not performed, what the
 * remediation means for a client, the handle to quote when asking why, and any hints.
 */
export function AuthorizationDenialNote({ denial }: { denial: AuthorizationDenial }) {
  return (
    <section aria-label="Authorization denial" className="space-y-1 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-950 ring-1 ring-amber-200">
      <p>
        <span className="font-semibold">Authorization denied</span> ({displayText(denial.reason)}): the server did not perform the call. Remediation{' '}
        <span className="font-mono">{denial.remediation}</span>: <span aria-label="Remediation">{REMEDIATION_TEXT[denial.remediation]}</span>.
        {denial.authorizationContextId !== undefined && (
          <>
            {' '}
            Its handle, to quote when asking why:{' '}
            <span className="font-mono" aria-label="authorizationContextId">
              {displayText(denial.authorizationContextId)}
            </span>
            .
          </>
        )}
      </p>
      <RemediationHints hints={denial.remediationHints ?? []} membersClass="text-amber-800" />
    </section>
  );
}

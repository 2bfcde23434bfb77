import { REMEDIATION_HINT_TEXT, type AuthorizationDenial } from '@wire/proposals';
import { displayText } from '../ui/display-text';

/**
 * SEP-2643: an authorization denial's remediation hints, each by its type and what it means, with
 * any other members it carries. Shown on a denied tool result and on the URL step that remedies one.
 */
export function RemediationHints({ hints, membersClass }: { hints: NonNullable<AuthorizationDenial['remediationHints']>; membersClass: string }) {
  if (hints.length === 0) return null;
  return (
    <ul aria-label="Remediation hints" className="list-disc pl-4">
      {hints.map((hint, i) => {
        const { type, ...members } = hint;
        const extra = Object.keys(members).length ? ` ${JSON.stringify(members).slice(0, 300)}` : '';
        return (
          <li key={i}>
            <span className="font-mono">{displayText(type)}</span>:{' '}
            {REMEDIATION_HINT_TEXT[type] ?? 'a hint type the inspector does not know (a client ignores it)'}
            {extra && <span className={`font-mono ${membersClass}`}>{displayText(extra)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

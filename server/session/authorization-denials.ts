/**
 * SEP-2643 (draft), with the "Authorization denials" setting: an `input_required`
 * round whose `_meta` carries an authorization denial envelope. A URL-mode input
 * request of that round is the remediation step (the page shows it as one, with
 * the hints), the retry echoes the denial's `authorizationContextId` in its
 * `_meta`, and what the proposal forbids is a finding: above all a URL remedy
 * sent on a request that did not declare `elicitation.url`.
 */
import { AUTHORIZATION_CONTEXT_ID_META_KEY, AUTHORIZATION_META_KEY, AuthorizationDenialSchema, type AuthorizationDenial } from '../wire/proposals';
import type { SessionSettings } from '../wire/target';
import type { ElicitationContext, Finding } from './findings';

/** What one round's denial means for its URL elicitations and its retry. */
export type RoundDenial = {
  /** The envelope, when it names a URL remedy: attached to the round's URL elicitations. */
  urlRemedy?: AuthorizationDenial;
  /** Merged into the retry's `_meta`: the echoed `authorizationContextId`. */
  retryMeta?: Record<string, string>;
  findings: Finding[];
};

const NONE: RoundDenial = { findings: [] };

/**
 * Read a round's denial. `requestModes`: the modes of the round's elicitation
 * input requests, to tell a URL remedy that has no URL elicitation to go with it.
 */
export function readRoundDenial(
  result: Record<string, unknown>,
  requestModes: ('form' | 'url')[],
  settings: SessionSettings,
  ctx: ElicitationContext,
): RoundDenial {
  if (!settings.proposals.authorizationDenials) return NONE;
  const meta = result._meta;
  const raw = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[AUTHORIZATION_META_KEY] : undefined;
  if (raw === undefined) return NONE;
  const parsed = AuthorizationDenialSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'envelope'}: ${issue.message}`).join('; ');
    return {
      findings: [
        {
          code: 'authorization-denial-malformed',
          severity: 'warning',
          message: `The round's _meta["${AUTHORIZATION_META_KEY}"] is not an authorization denial envelope (${problems}); it is ignored.`,
        },
      ],
    };
  }
  const denial = parsed.data;
  const findings: Finding[] = [];
  const hints = denial.remediationHints ?? [];
  if (hints.length && denial.remediation !== 'available') {
    findings.push({
      code: 'authorization-hints-not-allowed',
      severity: 'error',
      message: `The denial says remediation "${denial.remediation}" yet lists remediation hints; the proposal allows hints only with "available".`,
    });
  }
  const hasUrlHint = hints.some((hint) => hint.type === 'url');
  const hasUrlRequest = requestModes.includes('url');
  if (hasUrlHint && !hasUrlRequest) {
    findings.push({
      code: 'authorization-url-hint-without-url',
      severity: 'warning',
      message: 'The denial has a "url" remediation hint but the round carries no URL-mode elicitation for the person to open.',
    });
  }
  if (hasUrlRequest && !ctx.declared.url) {
    findings.push({
      code: 'authorization-url-undeclared',
      severity: 'error',
      message:
        'The server answered an authorization denial with a URL elicitation, but this request did not declare `elicitation.url`; the proposal allows that remedy only when it did.',
    });
  }
  return {
    ...(hasUrlHint && hasUrlRequest && ctx.declared.url && { urlRemedy: denial }),
    ...(denial.authorizationContextId !== undefined && { retryMeta: { [AUTHORIZATION_CONTEXT_ID_META_KEY]: denial.authorizationContextId } }),
    findings,
  };
}

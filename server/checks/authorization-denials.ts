/**
 * SEP-2643 (draft), with the "Authorization denials" setting: a result whose
 * `_meta` carries an authorization denial envelope. In an `input_required` round,
 * a URL-mode input request of that round is the remediation step (the page shows
 * it as one, with the hints) and the retry echoes the denial's
 * `authorizationContextId` in its `_meta`. On a tool's final result (an `isError`
 * result: a denial that is final, whose remedy the server does not describe, or
 * that needs a new credential), the call's result shows the denial. What the
 * proposal forbids is a finding: above all a URL remedy sent on a request that did
 * not declare `elicitation.url`.
 */
import { findingOf } from '../wire/finding-codes';
import { AUTHORIZATION_CONTEXT_ID_META_KEY, AUTHORIZATION_META_KEY, AuthorizationDenialSchema, type AuthorizationDenial } from '../wire/proposals';
import type { SessionSettings } from '../wire/target';
import type { ElicitationContext, RaisedFinding } from './findings';

/** What one round's denial means for its URL elicitations and its retry. */
export type RoundDenial = {
  /** The envelope, when it names a URL remedy: attached to the round's URL elicitations. */
  urlRemedy?: AuthorizationDenial;
  /** Merged into the retry's `_meta`: the echoed `authorizationContextId`. */
  retryMeta?: Record<string, string>;
  findings: RaisedFinding[];
};

const NONE: RoundDenial = { findings: [] };

/** The envelope in a result's `_meta`, checked: undefined when there is none (or the setting is off), else the denial or why it is none. */
function readEnvelope(
  result: Record<string, unknown>,
  settings: SessionSettings,
  where: string,
): { denial?: AuthorizationDenial; findings: RaisedFinding[] } | undefined {
  if (!settings.proposals.authorizationDenials) return undefined;
  const meta = result._meta;
  const raw = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[AUTHORIZATION_META_KEY] : undefined;
  if (raw === undefined) return undefined;
  const parsed = AuthorizationDenialSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'envelope'}: ${issue.message}`).join('; ');
    const message = `The ${where}'s _meta["${AUTHORIZATION_META_KEY}"] is not an authorization denial envelope (${problems}); it is ignored.`;
    return { findings: [findingOf('authorization-denial-malformed', message)] };
  }
  const denial = parsed.data;
  const findings: RaisedFinding[] = [];
  if (denial.remediationHints?.length && denial.remediation !== 'available') {
    findings.push(
      findingOf(
        'authorization-hints-not-allowed',
        `The denial says remediation "${denial.remediation}" yet lists remediation hints; the proposal allows hints only with "available".`,
      ),
    );
  }
  return { denial, findings };
}

const hasUrlHint = (denial: AuthorizationDenial) => (denial.remediationHints ?? []).some((hint) => hint.type === 'url');

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
  const read = readEnvelope(result, settings, 'round');
  if (!read) return NONE;
  const { denial, findings } = read;
  if (!denial) return { findings };
  const hasUrlRequest = requestModes.includes('url');
  if (hasUrlHint(denial) && !hasUrlRequest) {
    findings.push(
      findingOf(
        'authorization-url-hint-without-url',
        'The denial has a "url" remediation hint but the round carries no URL-mode elicitation for the person to open.',
      ),
    );
  }
  if (hasUrlRequest && !ctx.declared.url) {
    findings.push(
      findingOf(
        'authorization-url-undeclared',
        'The server answered an authorization denial with a URL elicitation, but this request did not declare `elicitation.url`; the proposal allows that remedy only when it did.',
      ),
    );
  }
  return {
    ...(hasUrlHint(denial) && hasUrlRequest && ctx.declared.url && { urlRemedy: denial }),
    ...(denial.authorizationContextId !== undefined && { retryMeta: { [AUTHORIZATION_CONTEXT_ID_META_KEY]: denial.authorizationContextId } }),
    findings,
  };
}

/**
 * Read the denial on a tool's final result (the proposal's cases 3 and 4, and a
 * task's refusal): a `CallToolResult` with `isError: true` whose envelope says
 * whether a remedy exists. The envelope means the operation was not performed, so
 * on a result that does not say `isError: true` it contradicts the result.
 */
export function readResultDenial(result: Record<string, unknown>, settings: SessionSettings): { denial?: AuthorizationDenial; findings: RaisedFinding[] } {
  const read = readEnvelope(result, settings, 'result');
  if (!read?.denial) return read ?? { findings: [] };
  const { denial, findings } = read;
  if (result.isError !== true) {
    findings.push(
      findingOf(
        'authorization-denial-not-error',
        'The result carries an authorization denial envelope but not `isError: true`: the envelope says the call was not performed, which a tool result says with isError.',
      ),
    );
  }
  if (hasUrlHint(denial)) {
    findings.push(
      findingOf(
        'authorization-url-hint-without-url',
        'The denial has a "url" remediation hint on a final result: a URL remedy comes as a URL-mode elicitation in an input_required round.',
      ),
    );
  }
  return { denial, findings };
}

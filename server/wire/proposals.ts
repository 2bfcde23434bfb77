/**
 * Protocol proposals the inspector can speak before they are final, each behind a
 * client setting that is off by default, so a default connection is exactly the
 * released revision. The page's setting, the proxy's behaviour and the findings
 * all read these schemas. docs/proposals.md says what each one does.
 */
import { z } from 'zod';

/** The client settings, one per proposal. */
export const ProposalSettingsSchema = z.object({
  /**
   * SEP-2577 (in 2026-07-28): an info finding each time a server uses roots,
   * sampling or logging on 2026-07-28 or later, naming the earliest removal.
   */
  deprecationNotes: z.boolean().default(false),
  /**
   * SEP-2643: declare `io.modelcontextprotocol/structured-authorization-denials`,
   * show a URL elicitation that remedies an authorization denial as an
   * authorization step, and echo the denial's `authorizationContextId` on the retry.
   */
  authorizationDenials: z.boolean().default(false),
});
export type ProposalSettings = z.infer<typeof ProposalSettingsSchema>;

/** SEP-2577: the revision that deprecates roots, sampling and logging, and the first date a later revision may drop them. */
export const DEPRECATED_FROM = '2026-07-28';
export const EARLIEST_REMOVAL = 'the first revision released on or after 2027-07-28';

/** SEP-2643's extension identifier, declared under `capabilities.extensions` when the setting is on. */
export const AUTHORIZATION_DENIALS_EXTENSION = 'io.modelcontextprotocol/structured-authorization-denials';
/** Where a result carries the denial envelope (`_meta`), and where the retry echoes its handle (`params._meta`). */
export const AUTHORIZATION_META_KEY = 'io.modelcontextprotocol/authorization';
export const AUTHORIZATION_CONTEXT_ID_META_KEY = 'io.modelcontextprotocol/authorization-context-id';

/** One remediation hint: a `type` and whatever members that type defines (unknown types are kept and ignored). */
export const RemediationHintSchema = z.looseObject({ type: z.string().min(1).max(200) });

/** SEP-2643's authorization denial envelope, as a result's `_meta` carries it. */
export const AuthorizationDenialSchema = z.object({
  reason: z.string().min(1).max(200),
  remediation: z.enum(['available', 'unavailable', 'undisclosed']),
  authorizationContextId: z.string().max(1000).optional(),
  remediationHints: z.array(RemediationHintSchema).max(50).optional(),
});
export type AuthorizationDenial = z.infer<typeof AuthorizationDenialSchema>;

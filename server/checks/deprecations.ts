/**
 * SEP-2577: roots, sampling and logging are deprecated from 2026-07-28 on. With
 * the "Deprecation notes" setting, each use by a server on such a connection is
 * a warning finding naming the feature, the earliest revision that may drop it,
 * and where to move: the SEP says implementations SHOULD warn when they meet a
 * deprecated feature. Nothing on the wire changes: deprecated features still work.
 */
import { findingOf, type FindingCode } from '../wire/finding-codes';
import { DEPRECATED_FROM, EARLIEST_REMOVAL } from '../wire/proposals';
import type { SessionSettings } from '../wire/target';
import type { RaisedFinding } from './findings';

export type DeprecatedFeature = 'roots' | 'sampling' | 'logging';

/** Where each feature's users should go instead (the revision's own registry of deprecated features). */
const MIGRATION: Record<DeprecatedFeature, string> = {
  roots: 'pass folders or files in tool arguments, resource URIs or the server configuration',
  sampling: "call a model provider's API from the server",
  logging: 'log to stderr (stdio) or through OpenTelemetry',
};

const FEATURE_NAME: Record<DeprecatedFeature, string> = { roots: 'Roots', sampling: 'Sampling', logging: 'Logging' };

const FINDING_CODE: Record<DeprecatedFeature, FindingCode> = { roots: 'roots-deprecated', sampling: 'sampling-deprecated', logging: 'logging-deprecated' };

/** The method a server uses each feature with. */
const FEATURE_OF_METHOD: Record<string, DeprecatedFeature> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'notifications/message': 'logging',
};

/** Most logging notes one session writes: a server that logs a line per step would double the log otherwise. */
export const MAX_LOGGING_NOTES = 100;

/** True when the setting is on and the connection's revision (a date; not yet "auto") is one that deprecates the features. */
export function notesDeprecations(settings: SessionSettings, protocolVersion: string | undefined): protocolVersion is string {
  return settings.proposals.deprecationNotes && /^\d{4}-\d{2}-\d{2}$/.test(protocolVersion ?? '') && protocolVersion! >= DEPRECATED_FROM;
}

/** The feature a method belongs to, if it is a deprecated one. */
export function deprecatedFeatureOf(method: string): DeprecatedFeature | undefined {
  return FEATURE_OF_METHOD[method];
}

/** The warning for one use: `how` says what the server did ("asked for roots/list in input request \"roots\""). */
export function deprecationFinding(feature: DeprecatedFeature, how: string, protocolVersion: string): RaisedFinding {
  return findingOf(
    FINDING_CODE[feature],
    `The server ${how}. ${FEATURE_NAME[feature]} is deprecated from ${DEPRECATED_FROM} (SEP-2577; this connection speaks ${protocolVersion}) ` +
      `and may be removed from ${EARLIEST_REMOVAL}: ${MIGRATION[feature]}.`,
  );
}

/**
 * The notes one session writes for its server's log messages: every one up to
 * MAX_LOGGING_NOTES, then a single note that the rest go unnoted.
 */
export class LoggingNotes {
  private count = 0;

  /** The findings for one notifications/message, or none once past the budget. */
  next(protocolVersion: string): RaisedFinding[] {
    this.count++;
    if (this.count > MAX_LOGGING_NOTES + 1) return [];
    if (this.count === MAX_LOGGING_NOTES + 1) {
      const message = `More notifications/message arrived; after ${MAX_LOGGING_NOTES} the inspector stops noting each one (logging is deprecated from ${DEPRECATED_FROM}).`;
      return [findingOf('logging-deprecated-unnoted', message)];
    }
    return [deprecationFinding('logging', 'sent a log message (notifications/message)', protocolVersion)];
  }
}

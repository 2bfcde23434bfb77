/**
 * What a command says when a session's spans did not reach the collector. Apart from
 * otlp-export.ts and otlp-http.ts, so that a tap stopped before it loaded them can
 * still say it at once.
 */

/** A session's spans did not reach the collector: why, and how many they were (the session file still holds them). */
export class TracesNotSent extends Error {
  constructor(
    message: string,
    readonly spanCount: number,
  ) {
    super(message);
  }
}

/** The line for a session's traces that did not go: how many (when counted), why, and how to have them later from its file. */
export function notSentLine(what: string, file: string, endpoint: string, error: unknown): string {
  const spans = error instanceof TracesNotSent ? `${error.spanCount} span${error.spanCount === 1 ? '' : 's'} of ${what}` : `${what}'s traces`;
  return (
    `elicitation-inspector: could not send ${spans} to ${endpoint} (${(error as Error).message}). ` +
    `${file} still holds them: \`elicitation-inspector export-otlp ${file}\` writes them as OTLP/JSON, to send later.`
  );
}

/**
 * `--otlp <url>` for the commands that record sessions: each session that ends in this
 * run has its calls sent to the collector as traces (server/formats/otlp-export.ts),
 * read from its file, so what is sent is what was logged. The inspector and `audit`
 * drive sessions through a SessionRegistry (`sendTracesOnSessionEnd`); `tap` records
 * one file of its own and sends it when the host is done (`sendFileTraces`).
 *
 * Usage: `const otlp = sendTracesOnSessionEnd(registry, url, report)`; before the
 * process exits, `await otlp.flush()` so the last sessions' traces are not lost.
 */
import { notSentLine } from './formats/otlp-not-sent';
import type { SessionRegistry } from './registry/session-registry';
import { TAP_FILE_PREFIX } from './store/data-dir';

/**
 * How long a collector has to take a session's spans on the way out (a tap whose host has closed,
 * the end of `run` or `audit`, the inspector's stop), where the caller gives the process seconds at
 * most: a collector that is down or never answers costs no more, and the session file keeps the spans.
 * Here, apart from the exporter, for the tap's start.
 */
export const OTLP_SEND_BOUND_MS = 1000;

export type TracesOnEnd = { flush(): Promise<void>; stop(): void };

/** A collector's URL as `--otlp` takes it, or the sentence saying why not. */
export function otlpUrlError(value: string): string | undefined {
  if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return undefined;
  return `--otlp must be a collector's http(s) URL, not "${value}".`;
}

export function sendTracesOnSessionEnd(registry: SessionRegistry, endpoint: string, report: (line: string) => void): TracesOnEnd {
  const live = new Set<string>();
  const pending = new Set<Promise<void>>();
  const stop = registry.onChange(() => {
    for (const summary of registry.list()) {
      if (summary.isLive) live.add(summary.sessionId);
      else if (live.delete(summary.sessionId)) {
        const file = registry.filePath(summary.sessionId);
        if (file) track(afterTurn().then(() => sendFileTraces(file, sessionName(summary.sessionId), endpoint, report)));
      }
    }
  });
  const track = (promise: Promise<void>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  return {
    flush: async () => {
      await Promise.all(pending);
    },
    stop,
  };
}

/** The log writes its entries at the end of the turn it took them in: a file is read after that. */
const afterTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * One session file's calls to the collector, in at most `boundMs` once the file is read; a collector
 * that refuses or does not answer is reported, never thrown: how many spans did not go, why, and that
 * the file still holds them. `what` names the session in the line (`sessionName`, or `the auto run`).
 */
export async function sendFileTraces(
  file: string,
  what: string,
  endpoint: string,
  report: (line: string) => void,
  boundMs = OTLP_SEND_BOUND_MS,
): Promise<void> {
  const exporter = await import('./formats/otlp-export').catch((error: unknown) => {
    report(`elicitation-inspector: could not send ${what}'s traces to ${endpoint}: ${(error as Error).message}`);
  });
  if (!exporter) return;
  try {
    const count = await exporter.sendSessionFileTraces(file, endpoint, boundMs);
    if (count) report(`Sent ${count} span${count === 1 ? '' : 's'} of ${what} to ${endpoint}`);
  } catch (error) {
    report(notSentLine(what, file, endpoint, error));
  }
}

/** A session as the reports name it, by its id: a tap's keeps its `tap-` prefix. */
export function sessionName(sessionId: string): string {
  return `session ${sessionId.slice(0, (sessionId.startsWith(TAP_FILE_PREFIX) ? TAP_FILE_PREFIX.length : 0) + 8)}`;
}

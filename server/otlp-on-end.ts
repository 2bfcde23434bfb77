/**
 * `--otlp <url>` for a command that drives sessions through a SessionRegistry (the
 * inspector, and any other that records sessions): each session that ends in this
 * run has its calls sent to the collector as traces (server/formats/otlp-export.ts),
 * read from its file, so what is sent is what was logged.
 *
 * Usage: `const otlp = sendTracesOnSessionEnd(registry, url, report)`; before the
 * process exits, `await otlp.flush()` so the last sessions' traces are not lost.
 */
import type { SessionRegistry } from './session/session-registry';

export type TracesOnEnd = { flush(): Promise<void>; stop(): void };

export function sendTracesOnSessionEnd(registry: SessionRegistry, endpoint: string, report: (line: string) => void): TracesOnEnd {
  const live = new Set<string>();
  const pending = new Set<Promise<void>>();
  const stop = registry.onChange(() => {
    for (const summary of registry.list()) {
      if (summary.isLive) live.add(summary.sessionId);
      else if (live.delete(summary.sessionId)) {
        const file = registry.filePath(summary.sessionId);
        if (file) track(send(file, summary.sessionId));
      }
    }
  });
  const send = async (file: string, sessionId: string) => {
    try {
      // The log writes its entries at the end of the turn it took them in: read the file after that.
      await new Promise((resolve) => setImmediate(resolve));
      const { sendSessionFileTraces } = await import('./formats/otlp-export');
      const count = await sendSessionFileTraces(file, endpoint);
      if (count) report(`Sent ${count} span${count === 1 ? '' : 's'} of session ${sessionId.slice(0, 8)} to ${endpoint}`);
    } catch (error) {
      report(`elicitation-inspector: could not send session ${sessionId.slice(0, 8)}'s traces to ${endpoint}: ${(error as Error).message}`);
    }
  };
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

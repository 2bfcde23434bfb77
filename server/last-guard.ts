/**
 * The process's last guard. Every boundary that handles outside data catches
 * its own failures (the session log, the WebSocket, import); anything that still
 * slips through is written to stderr and the proxy keeps serving: ending the
 * process would lose every page and session and orphan servers that ignore the
 * end of their stdin.
 */
export function installLastGuard(write: (text: string) => void = (text) => void process.stderr.write(text)): void {
  let reported = 0;
  const report = (what: string, error: unknown) => {
    // A fault that repeats every turn must not flood the terminal: the first few say enough.
    if (++reported > 20) return;
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    write(`elicitation-inspector: ${what} (the inspector keeps running): ${detail}\n`);
  };
  process.on('uncaughtException', (error) => report('unexpected error', error));
  process.on('unhandledRejection', (reason) => report('unhandled rejection', reason));
}

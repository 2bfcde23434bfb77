import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { LineBudget } from './line-budget';
import { belongingTo, descendantsOf, endAll, groupsOf, signal, type Proc } from './process-tree';
import { addSpawnEnv, stdioChildProcess, watchSkippedStdoutLines, wrapStart } from './sdk-internals';

/** Set in a stdio server's environment, and so inherited by everything it starts: how its daemons are found. */
const MARKER_NAME = 'ELICITATION_INSPECTOR_SESSION';
const TAIL_LINES = 20;
const MAX_LINE = 4000;

export type ChildOutput = {
  onStderr: (line: string) => void;
  /** A stdout line that is not JSON (the SDK drops it), cut to length and within the rate budget. */
  onStdoutText: (line: string) => void;
  /** How many stdout lines of a flood went unlogged past the rate budget. */
  onStdoutDropped: (count: number) => void;
};

/**
 * What the inspector needs from a stdio server's process that the SDK does not
 * expose: its stderr as lines, the stdout lines the SDK drops, its exit code,
 * and its descendants, so that a server started through a wrapper (`npx`, a
 * shell script) leaves nothing behind.
 */
export class ChildWatch {
  exit: { code: number | null; signal: string | null } | undefined;
  /** Set when the SDK's stdio reader gave up on a line longer than this many bytes (it then closes the transport). */
  readLimitBytes: number | undefined;
  private stdoutBudget: LineBudget | undefined;
  private process: ChildProcess | undefined;
  private readonly tail: string[] = [];
  private exited: Promise<void> = Promise.resolve();
  /** The child's descendants as last seen: once it exits by itself they can no longer be found from it. */
  private lastDescendants: Proc[] = [];
  /** Process groups and sessions the child or its descendants were seen to lead or join (not the proxy's own). */
  private readonly groups = new Set<string>();
  private readonly marker = `${MARKER_NAME}=${randomUUID()}`;
  private sampler: NodeJS.Timeout | undefined;
  /** Whether what the child started has been (or is being) ended. */
  private isReaped = false;

  attach(transport: Transport, output: ChildOutput): void {
    if (!(transport instanceof StdioClientTransport)) return;
    let partial = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) this.line(line, output.onStderr);
    });
    transport.stderr?.on('end', () => {
      if (partial) this.line(partial, output.onStderr);
      partial = '';
    });
    const budget = (this.stdoutBudget = new LineBudget(output.onStdoutDropped));
    watchSkippedStdoutLines(transport, {
      onText: (line) => {
        if (budget.take()) output.onStdoutText(clip(line));
      },
      onOverLimit: (limitBytes) => (this.readLimitBytes = limitBytes),
    });
    // Its daemons are found by this marker, inherited by everything the server starts.
    addSpawnEnv(transport, MARKER_NAME, this.marker.slice(MARKER_NAME.length + 1));
    wrapStart(transport, {
      after: () => {
        const child = stdioChildProcess(transport);
        if (!child) return;
        this.process = child;
        this.sampler = setInterval(() => (this.lastDescendants = this.linkedDescendants()), 2000).unref();
        this.exited = new Promise((resolve) =>
          child.once('exit', (code, signal) => {
            this.exit = { code, signal };
            clearInterval(this.sampler);
            resolve();
          }),
        );
      },
    });
  }

  /** Report what the stdout budget still holds back; call before the session's last entry. */
  flushOutput(): void {
    this.stdoutBudget?.flush();
  }

  stderrTail(): string[] {
    return [...this.tail];
  }

  /** Wait briefly for the exit status, which can arrive after the transport reports the close. */
  async settle(ms = 500): Promise<void> {
    if (!this.process || this.exit) return;
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  /**
   * Everything the child started, to be ended with it: its descendants by parent
   * links, and those no link leads to any more (see belongingTo). Call before the
   * child is closed: once it dies its children are re-parented.
   */
  collectDescendants(): Proc[] {
    const linked = this.linkedDescendants();
    const pid = this.process?.pid;
    if (!pid) return linked;
    const known = new Set(linked.map((p) => p.pid));
    return [...linked, ...belongingTo(this.marker, this.groups, new Set([pid])).filter((p) => !known.has(p.pid))];
  }

  /** The child's descendants by parent links while it runs (noting their groups), else as last seen. */
  private linkedDescendants(): Proc[] {
    const pid = this.process?.pid;
    if (!pid || this.exit) return this.lastDescendants;
    const found = descendantsOf(pid);
    for (const id of groupsOf([pid, ...found.map((p) => p.pid)])) this.groups.add(id);
    return found;
  }

  /** End what the child left behind when it exited by itself (a wrapper's children, a daemon). */
  reapOrphans(): void {
    clearInterval(this.sampler);
    if (!this.process || this.isReaped) return;
    this.isReaped = true;
    // After the session's last entry and state change, not before: the scan reads every process.
    // Fire and forget: endAll never rejects (each signal swallows "already gone").
    setImmediate(() => void endAll(this.collectDescendants()));
  }

  async killAfterClose(descendants: Proc[]): Promise<void> {
    this.isReaped = true;
    await this.settle(2500);
    const pid = this.process?.pid;
    if (pid && !this.exit) signal(pid, 'SIGKILL');
    await endAll(descendants);
  }

  private line(text: string, onLine: (line: string) => void): void {
    const line = clip(text);
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    onLine(line);
  }
}

function clip(text: string): string {
  return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}… (${text.length - MAX_LINE} more characters)` : text;
}

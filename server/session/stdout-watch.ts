import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export type StdoutHandlers = {
  /** A complete stdout line that the SDK's reader dropped because it is not JSON. */
  onText(line: string): void;
  /** The SDK's reader refused more input: a line grew past `limitBytes` without ending. The SDK closes the transport next. */
  onOverLimit(limitBytes: number): void;
};

/** The SDK's stdio `ReadBuffer`, as far as this module relies on it. */
type ReadBuffer = {
  _buffer?: Buffer;
  _maxBufferSize?: number;
  append(chunk: Buffer): void;
  readMessage(): unknown;
};

function readBufferOf(transport: StdioClientTransport): ReadBuffer | undefined {
  const buffer = (transport as unknown as { _readBuffer?: unknown })._readBuffer;
  if (typeof buffer !== 'object' || buffer === null) return undefined;
  const candidate = buffer as Partial<ReadBuffer>;
  return typeof candidate.append === 'function' && typeof candidate.readMessage === 'function' ? (buffer as ReadBuffer) : undefined;
}

/**
 * Sees what the SDK's stdio reader hides: it skips every stdout line that is not
 * JSON without a word (the commonest stdio server bug is a `console.log` on
 * stdout), and it gives up on a line past its size limit with a bare Error.
 *
 * Patches the transport's own ReadBuffer instance. Lines are found by what the
 * SDK's `readMessage()` consumed: every complete line it consumed before the one it
 * returned (or threw on) was skipped. So each message is still parsed once, by the
 * SDK, exactly as before. Returns false when the SDK's internals are not as expected.
 */
export function watchStdout(transport: StdioClientTransport, handlers: StdoutHandlers): boolean {
  const buffer = readBufferOf(transport);
  if (!buffer || typeof buffer._maxBufferSize !== 'number') return false;
  const append = buffer.append.bind(buffer);
  buffer.append = (chunk) => {
    try {
      append(chunk);
    } catch (error) {
      handlers.onOverLimit(buffer._maxBufferSize ?? 0);
      throw error;
    }
  };
  const readMessage = buffer.readMessage.bind(buffer);
  buffer.readMessage = () => {
    const before = buffer._buffer;
    let hasMessageLine = false;
    try {
      const message = readMessage();
      hasMessageLine = message !== null;
      return message;
    } catch (error) {
      hasMessageLine = true; // JSON, but not JSON-RPC: the SDK reports that line itself (onerror)
      throw error;
    } finally {
      if (before) reportSkipped(before, buffer._buffer, hasMessageLine, handlers.onText);
    }
  };
  return true;
}

function reportSkipped(before: Buffer, after: Buffer | undefined, hasMessageLine: boolean, onText: (line: string) => void): void {
  const consumed = before.subarray(0, before.length - (after?.length ?? 0));
  const firstEnd = consumed.indexOf(0x0a);
  // The common case, one message and nothing else: no decoding at all.
  if (firstEnd === -1 || (hasMessageLine && firstEnd === consumed.length - 1)) return;
  const lines = consumed.toString('utf8').split('\n');
  lines.pop(); // after the last newline: nothing (or a partial line the SDK dropped with a cleared buffer)
  if (hasMessageLine) lines.pop();
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (line.trim()) onText(line);
  }
}

/**
 * How many lines a flood may log: up to `perWindow` in each window of `windowMs`;
 * the rest are counted and reported once the window ends (or the session does).
 */
export class LineBudget {
  private windowStart = 0;
  private taken = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly onDropped: (count: number) => void,
    private readonly perWindow = 100,
    private readonly windowMs = 10_000,
  ) {}

  /** Whether this line may be logged. */
  take(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= this.windowMs) {
      this.flush();
      this.windowStart = now;
      this.taken = 0;
    }
    if (this.taken < this.perWindow) {
      this.taken++;
      return true;
    }
    this.dropped++;
    this.timer ??= setTimeout(() => this.flush(), this.windowStart + this.windowMs - now).unref();
    return false;
  }

  /** Report the lines dropped so far, if any. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dropped === 0) return;
    const count = this.dropped;
    this.dropped = 0;
    this.onDropped(count);
  }
}

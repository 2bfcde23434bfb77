/**
 * Cuts a byte stream into the newline-delimited messages of MCP's stdio transport, for the
 * record only: the relay has already forwarded each chunk before it reaches here.
 */

/** The longest line the record holds whole while waiting for its newline (the log cuts entries at 8 MiB anyway). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export type LineHandlers = {
  /** One complete line, without its newline (nor a trailing CR), decoded as UTF-8. */
  onLine(text: string): void;
  /** A line longer than MAX_LINE_BYTES: relayed whole, not recorded; `bytes` is its length. */
  onOverlong(bytes: number): void;
};

export class LineSplitter {
  private chunks: Buffer[] = [];
  private pending = 0;
  /** Set while skipping the rest of an overlong line: its length so far. */
  private skipping: number | undefined;

  constructor(
    private readonly handlers: LineHandlers,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, from)) {
      this.take(chunk.subarray(from, end));
      this.endLine();
      from = end + 1;
    }
    if (from < chunk.length) this.take(chunk.subarray(from));
  }

  /** The stream ended: a last line without a newline is still a message. */
  end(): void {
    if (this.pending > 0 || this.skipping !== undefined) this.endLine();
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping !== undefined) {
      this.skipping += part.length;
      return;
    }
    if (this.pending + part.length > this.maxLineBytes) {
      this.skipping = this.pending + part.length;
      this.chunks = [];
      this.pending = 0;
      return;
    }
    // Copied: the stream may reuse the chunk's memory once the listener returns.
    this.chunks.push(Buffer.from(part));
    this.pending += part.length;
  }

  private endLine(): void {
    if (this.skipping !== undefined) {
      const bytes = this.skipping;
      this.skipping = undefined;
      this.handlers.onOverlong(bytes);
      return;
    }
    const line = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.pending);
    this.chunks = [];
    this.pending = 0;
    let text = line.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim()) this.handlers.onLine(text);
  }
}

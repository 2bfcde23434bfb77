/**
 * Cuts a copy of a `text/event-stream` body into its events, for the record only: the relay has
 * already forwarded each chunk. Follows the HTML event-stream rules the MCP SDKs read by: lines
 * end in LF, CRLF or CR; `data:` lines join with LF; a blank line dispatches; `:` starts a comment.
 */
import { StringDecoder } from 'node:string_decoder';

export type SseEvent = { event: string; data: string; id?: string };

/** An event's data longer than this is not kept whole for the record (the log cuts entries at 8 MiB anyway). */
export const MAX_EVENT_CHARS = 64 * 1024 * 1024;

export class SseReader {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private event = '';
  private data: string[] = [];
  private dataChars = 0;
  private id: string | undefined;
  private isOverlong = false;
  /** The last chunk ended in CR: an LF that starts the next one belongs to that line end. */
  private afterCr = false;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onOverlong: (chars: number) => void = () => {},
  ) {}

  push(chunk: Buffer): void {
    let text = this.decoder.write(chunk);
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = text.endsWith('\r');
    const lines = (this.rest + text).split(/\r\n|\r|\n/);
    this.rest = lines.pop() ?? '';
    for (const line of lines) this.line(line);
    if (this.rest.length > MAX_EVENT_CHARS) {
      this.isOverlong = true;
      this.dataChars += this.rest.length;
      this.rest = '';
    }
  }

  /** The stream ended: an event without its blank line is not dispatched (as a browser's EventSource does). */
  end(): void {
    this.rest += this.decoder.end();
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'data') {
      this.dataChars += value.length + 1;
      if (this.dataChars > MAX_EVENT_CHARS) this.isOverlong = true;
      else this.data.push(value);
    }
  }

  private dispatch(): void {
    const event = this.event || 'message';
    const data = this.data.join('\n');
    const isOverlong = this.isOverlong;
    const chars = this.dataChars;
    const hasData = this.data.length > 0 || isOverlong;
    this.event = '';
    this.data = [];
    this.dataChars = 0;
    this.isOverlong = false;
    if (!hasData) return;
    if (isOverlong) this.onOverlong(chars);
    else this.onEvent({ event, data, ...(this.id !== undefined && { id: this.id }) });
  }
}

/**
 * Cuts a copy of a `text/event-stream` body into its events, for the record only: the relay has
 * already forwarded each chunk. The parsing is eventsource-parser's, the parser the MCP SDKs read
 * streams with (lines end in LF, CRLF or CR; `data:` lines join with LF; a blank line dispatches;
 * `:` starts a comment; `retry:` and unknown fields are ignored here). This adds what the record
 * needs: UTF-8 decoded across chunk cuts, the last event id kept across events, and a bound.
 */
import { createParser, type EventSourceParser, type ParseError } from 'eventsource-parser';

export type SseEvent = { event: string; data: string; id?: string };

/** An event's data longer than this is not kept whole for the record (the log cuts entries at 8 MiB anyway). */
export const MAX_EVENT_CHARS = 64 * 1024 * 1024;

/**
 * Fed to the parser after it gives up on an event past the bound: the rest of that event then ends in a
 * dispatch, whatever its lines are, and that dispatch is where the event ended (and is not recorded).
 */
const OVERLONG_MARK = 'data\n';

export class SseReader {
  // An EventSource's decoding: UTF-8, a character cut between chunks kept for the next, a leading BOM dropped.
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser: EventSourceParser;
  private lastId: string | undefined;
  /** Characters fed since the last event dispatched: about an overlong event's size when it ends. */
  private chars = 0;
  private isOverlong = false;
  private isBoundHit = false;
  private endsInCr = false;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onOverlong: (chars: number) => void = () => {},
    private readonly maxChars = MAX_EVENT_CHARS,
  ) {
    this.parser = createParser({
      maxBufferSize: maxChars,
      onEvent: (message) => this.dispatch(message.event, message.data, message.id),
      onError: (error: ParseError) => {
        if (error.type === 'max-buffer-size-exceeded') this.isBoundHit = true;
      },
    });
  }

  push(chunk: Uint8Array): void {
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** The stream ended: an event without its blank line is not dispatched (as a browser's EventSource does). */
  end(): void {
    this.feed(this.decoder.decode());
    // The parser holds a last CR back to see whether an LF follows: at the end none will, and it was a line end.
    if (this.endsInCr) this.parser.feed('\n');
  }

  private feed(text: string): void {
    if (!text) return;
    this.endsInCr = text.endsWith('\r');
    this.chars += text.length;
    this.parser.feed(text);
    if (!this.isBoundHit) return;
    // The parser dropped the event and stopped; it goes on from here, the rest of that event read as the mark's tail.
    this.isBoundHit = false;
    this.isOverlong = true;
    this.parser.reset();
    this.parser.feed(OVERLONG_MARK);
  }

  private dispatch(event: string | undefined, data: string, id: string | undefined): void {
    const chars = this.chars;
    this.chars = 0;
    if (id !== undefined) this.lastId = id;
    if (this.isOverlong || data.length > this.maxChars) {
      this.isOverlong = false;
      return this.onOverlong(chars);
    }
    this.onEvent({ event: event || 'message', data, ...(this.lastId !== undefined && { id: this.lastId }) });
  }
}

/**
 * The one change the HTTP tap makes to what it relays: on the old HTTP+SSE transport the
 * `endpoint` event tells the host where to post, and a server that names its own origin there
 * would send the host around the tap. A relative endpoint needs nothing: the host resolves it
 * against the tap's URL, and the tap keeps paths as they are.
 *
 * The event stream is passed on line by line: a line is relayed the moment its end arrives, so
 * no event waits (one is only dispatched at its blank line). Every other byte is left as it came.
 */
export class EndpointRewriter {
  private rest: Buffer = Buffer.alloc(0);
  /** Inside an event whose `event:` field said `endpoint`. */
  private isEndpoint = false;

  constructor(
    private readonly from: string,
    private readonly to: string,
  ) {}

  push(chunk: Buffer): Buffer {
    const buffer = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    const last = Math.max(buffer.lastIndexOf(0x0a), buffer.lastIndexOf(0x0d));
    if (last === -1) {
      this.rest = Buffer.from(buffer);
      return Buffer.alloc(0);
    }
    this.rest = Buffer.from(buffer.subarray(last + 1));
    return this.lines(buffer.subarray(0, last + 1));
  }

  /** The stream ended: whatever was held back (a last line without its end). */
  end(): Buffer {
    const rest = this.rest;
    this.rest = Buffer.alloc(0);
    return rest;
  }

  private lines(block: Buffer): Buffer {
    const text = block.toString('utf8');
    // The common case: nothing here can be an endpoint's data, and the bytes go as they are.
    if (!this.isEndpoint && !text.includes('endpoint')) return block;
    const parts = text.split(/(\r\n|\r|\n)/);
    let isChanged = false;
    // parts alternate line, line end, line, …; the last part is empty (the block ends at a line end).
    for (let i = 0; i < parts.length - 1; i += 2) {
      const line = parts[i];
      if (line === '') this.isEndpoint = false;
      else if (/^event: ?endpoint$/.test(line)) this.isEndpoint = true;
      else if (this.isEndpoint && line.startsWith('data:')) {
        const value = line.slice(5).replace(/^ /, '');
        if (value.startsWith(this.from) && /^([/?#]|$)/.test(value.slice(this.from.length))) {
          parts[i] = `data: ${this.to}${value.slice(this.from.length)}`;
          isChanged = true;
        }
      }
    }
    return isChanged ? Buffer.from(parts.join(''), 'utf8') : block;
  }
}

/**
 * A host's view of the wire, for the tap's tests: wraps a client transport (either SDK's) and
 * keeps every message the host sent and received, as JSON text, in order.
 */
type Message = object;

type InnerTransport = {
  start(): Promise<void>;
  send(message: never, options?: never): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: never, extra?: never) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
};

export type TranscriptLine = { from: 'host' | 'server'; json: string };

export class RecordingTransport {
  readonly transcript: TranscriptLine[] = [];
  onmessage?: (message: Message, extra?: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(private readonly inner: InnerTransport) {}

  async start(): Promise<void> {
    this.inner.onmessage = (message: Message, extra?: unknown) => {
      this.transcript.push({ from: 'server', json: JSON.stringify(message) });
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  async send(message: Message, options?: unknown): Promise<void> {
    this.transcript.push({ from: 'host', json: JSON.stringify(message) });
    await this.inner.send(message as never, options as never);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}

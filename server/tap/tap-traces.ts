/**
 * `tap --otlp`: the recorded session's calls sent to the collector once the host is done, and the
 * one line that says how that went. The send starts when the host closes stdin (its calls are over
 * then, whatever the server does next), or when the server exits if it ends first, and is given up
 * on OTLP_SEND_BOUND_MS after the host's close: a server that lingers after the close does not delay
 * it. A host that stops the tap (SIGTERM, SIGINT, SIGHUP) before the line is out is not kept waiting
 * for a collector: the line that the file still holds the traces is said at once, and nothing more
 * is tried or waited for.
 */
import { notSentLine } from '../formats/otlp-not-sent';
import { OTLP_SEND_BOUND_MS, sendFileTraces, sessionName } from '../otlp-on-end';

/** A collector on loopback answers well within this; less would be no try at all (a record that opened late). */
const MIN_SEND_MS = 250;

export class TapTraces {
  private record: { file: string; name: string } | undefined;
  private hostClosedAt: number | undefined;
  private sending: Promise<void> | undefined;
  private stoppedBy: NodeJS.Signals | undefined;
  /** The line about the traces is out: sent, not sent, or stopped; nothing more is said. */
  private isSaid = false;

  constructor(
    private readonly endpoint: string,
    private readonly say: (line: string) => void,
  ) {}

  /** The record is open, the traffic relayed before it recorded: its file is what is sent. */
  opened(file: string, sessionId: string): void {
    this.record = { file, name: sessionName(sessionId) };
    if (this.stoppedBy) this.stopped(this.stoppedBy);
    else if (this.hostClosedAt !== undefined) this.start();
  }

  /** The host closed stdin (said to the record already): its calls are as the record holds them now. */
  hostClosed(): void {
    this.hostClosedAt ??= Date.now();
    if (this.record) this.start();
  }

  /**
   * The tap was told to stop: the line is said at once, unless it is out already. True when the
   * traces had not gone: the caller has nothing to wait for once the relay is over.
   */
  stopped(signal: NodeJS.Signals): boolean {
    this.stoppedBy ??= signal;
    if (!this.record || this.isSaid) return false;
    this.sayOnce(notSentLine(this.record.name, this.record.file, this.endpoint, new Error(`the tap was stopped (${signal}) before the collector had them`)));
    return true;
  }

  /** The relay is over and the record closed: the send, started now if the server ended before the host closed. */
  async finish(): Promise<void> {
    if (this.stoppedBy) return;
    this.start();
    await this.sending;
  }

  private start(): void {
    if (this.sending || !this.record || this.isSaid || this.stoppedBy) return;
    const { file, name } = this.record;
    const boundMs = this.boundMs();
    // The log writes what it took in this turn at the end of it: the file is read after that.
    this.sending = new Promise((resolve) => setImmediate(resolve)).then(() => sendFileTraces(file, name, this.endpoint, (line) => this.sayOnce(line), boundMs));
  }

  /** What is left of OTLP_SEND_BOUND_MS since the host closed stdin, at least MIN_SEND_MS; all of it when the server ended first. */
  private boundMs(): number {
    if (this.hostClosedAt === undefined) return OTLP_SEND_BOUND_MS;
    return Math.min(OTLP_SEND_BOUND_MS, Math.max(MIN_SEND_MS, this.hostClosedAt + OTLP_SEND_BOUND_MS - Date.now()));
  }

  private sayOnce(line: string): void {
    if (this.isSaid) return;
    this.isSaid = true;
    this.say(line);
  }
}

/**
 * One host connection seen through the HTTP tap, as a session file: the messages go to a
 * TapRecorder (the same entries as a stdio tap's), the exchanges become `http` entries. The
 * log's own redaction (redact-event.ts, on every entry) hides header values, URL and body
 * secrets; the exact credentials the host sent (an Authorization header, a cookie, a token)
 * are scrubbed from every other entry too, a server's echo of them included, with the same
 * scrubber a driven session uses (secret-scrubber.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TAP_FILE_PREFIX } from '../store/data-dir';
import { SessionLog } from '../store/session-log';
import type { NewLogEvent } from '../wire/events';
import { isSecretHeader } from '../wire/redact';
import { secretScrubber, targetSecrets, type JsonScrubber } from '../wire/secret-scrubber';
import { summarizeTarget } from '../wire/target';
import { TapRecorder, type TapEndReason } from './tap-recorder';

export type HttpEntry = Omit<Extract<NewLogEvent, { kind: 'http' }>, 'kind'>;

export class HttpRecording {
  readonly sessionId = `${TAP_FILE_PREFIX}${randomUUID()}`;
  readonly filePath: string;
  private readonly log: SessionLog;
  private readonly recorder: TapRecorder;
  private readonly secrets = new Set<string>();
  private scrub: JsonScrubber | undefined;
  /** Exchanges seen before the first message: the session's first entry must be the recorder's, naming the host. */
  private held: HttpEntry[] | undefined = [];
  private isEnded = false;

  constructor(
    dataDir: string,
    private readonly upstream: URL,
    readonly transport: 'http' | 'sse',
    private readonly onEnded?: (recording: HttpRecording) => void,
  ) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.filePath = join(dataDir, `${this.sessionId}.jsonl`);
    this.log = new SessionLog(this.sessionId, this.filePath, { scrubSecrets: (json) => (this.scrub ? this.scrub(json) : json) });
    // The scrubber is built before the summary is written, so a key in the server's URL is hidden there too.
    this.learn({}, upstream);
    const target = summarizeTarget({ transport, url: upstream.href, headers: {} });
    this.recorder = new TapRecorder({ emit: (event) => this.log.append(event), target });
  }

  get ended(): boolean {
    return this.isEnded;
  }

  /** The credentials in a request's headers, kept out of the record from now on. */
  learn(headers: Record<string, string>, url = this.upstream): void {
    const secret: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (isSecretHeader(name)) secret[name] = value;
    // A cookie's values one by one too: a server may echo one of them alone.
    for (const pair of (headers.cookie ?? '').split(';')) {
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (pair.includes('=') && value) secret[`cookie-${this.secrets.size}`] = value;
    }
    const before = this.secrets.size;
    for (const value of targetSecrets({ transport: 'http', url: url.href, headers: secret })) this.secrets.add(value);
    if (this.secrets.size !== before) this.scrub = secretScrubber([...this.secrets]);
  }

  fromHost(text: string): void {
    if (this.isEnded) return;
    this.recorder.fromHost(text);
    this.release();
  }

  fromServer(text: string): void {
    if (this.isEnded) return;
    this.recorder.fromServer(text);
    this.release();
  }

  overlong(from: 'host' | 'server', bytes: number): void {
    if (this.isEnded) return;
    this.recorder.overlong(from, bytes);
    this.release();
  }

  /** Something the tap itself has to say in this session's record. */
  note(message: string): void {
    if (this.isEnded) return;
    this.recorder.note(message);
    this.release();
  }

  exchange(entry: HttpEntry): void {
    if (this.isEnded) return;
    if (this.held) this.held.push(entry);
    else this.log.append({ kind: 'http', ...entry });
  }

  /** The connection is over (the host ended it, its stream closed, the tap stops): the session's closing entry. */
  end(reason: TapEndReason): void {
    if (this.isEnded) return;
    if (this.held?.length) this.recorder.begin();
    this.release();
    this.recorder.end({ reason });
    this.isEnded = true;
    this.log.close();
    this.onEnded?.(this);
  }

  private release(): void {
    if (!this.held) return;
    const held = this.held;
    this.held = undefined;
    for (const entry of held) this.log.append({ kind: 'http', ...entry });
  }
}

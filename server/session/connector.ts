/**
 * How a session connects: each attempt builds a new transport (and process, on
 * stdio), tap and client; the attempts follow one another as the server's answers
 * say. Auto on stdio speaks 2025 at once to a server it found speaking only 2025
 * earlier in this run, asks one that leaves the probe unanswered with a ping rather than
 * wait the probe out (probe-ping.ts), and starts a server again that exited under the probe. A 401 that
 * says where to sign in, then each sign-in step that moves on, connects again.
 * What the last failure means is connect-errors.ts's job; the session reports it.
 */
import { SdkError, SdkErrorCode, type Client, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import type { LogEvent } from '../wire/events';
import { findingOf } from '../wire/finding-codes';
import type { SessionSettings, Target } from '../wire/target';
import type { OAuthFlow } from '../auth/oauth-flow';
import { ChildWatch, type ChildOutput } from './child-watch';
import { withAcceptLanguage } from './accept-language';
import { createClient, createTransport, type TransportHooks } from './client-factory';
import { forgetLegacy, isRememberedLegacy, rememberLegacy } from './era-memory';
import type { RaisedFinding } from '../checks/findings';
import { ProbePing } from './probe-ping';
import { isProbeClosedServer } from './sdk-internals';
import { TransportTap, type RpcId } from './tap';
import { refuseStartOnceClosing } from './transport-guard';

/**
 * How long a connect may take in all: the probe, the handshake, and an attempt that follows on a
 * fresh process share it (a sign-in, which waits for a person, starts it afresh).
 * ELICITATION_INSPECTOR_CONNECT_TIMEOUT_MS overrides it, for tests.
 */
export const CONNECT_TIMEOUT_MS = Number(process.env.ELICITATION_INSPECTOR_CONNECT_TIMEOUT_MS) || 30_000;
/** The share of what is left that the version probe may wait, so a server that ignores it still has time for initialize. */
const PROBE_SHARE = 0.5;
/** Connects one OAuth sign-in may take: the plain one, one with the provider, one after the redirect, one spare. */
const MAX_SIGN_IN_ATTEMPTS = 4;
const PROBE_ENDED_SERVER =
  'The server exited when the 2026-07-28 version probe (server/discover) came before initialize, so it was started again and spoken to in 2025 from the first message. A server should answer a request it does not know with an error (-32601), not exit. Auto remembers this server for the rest of this run.';
const PROBE_UNANSWERED =
  'The server never answered the 2026-07-28 version probe (server/discover), so Auto waited for it to time out before sending initialize. A server should answer a request it does not know with an error (-32601). Auto remembers this server for the rest of this run.';
const PROBE_IGNORED =
  'The server answered a ping but never the 2026-07-28 version probe (server/discover) sent before it: it ignores requests it does not know, so Auto took it as speaking 2025 and sent initialize. A server should answer a request it does not know with an error (-32601). Auto remembers this server for the rest of this run.';

/** What the last attempt threw, when connecting failed. */
export type ConnectFailure = { error: unknown };

export type ConnectorHost = {
  readonly target: Target;
  readonly oauth: OAuthFlow | undefined;
  settings(): SessionSettings;
  /** Once the session is closing no attempt follows, and a process not yet started is never started. */
  isClosing(): boolean;
  onHttp: TransportHooks['onHttp'];
  onStreamRequest: NonNullable<TransportHooks['onStreamRequest']>;
  /** Log one message we sent; returns its entry (none once the session is closed). */
  onOutbound(message: JSONRPCMessage): LogEvent | undefined;
  onInbound(message: JSONRPCMessage): void;
  /** Take an inbound message away from the SDK: true when the session answers it itself. */
  claim(message: JSONRPCMessage): boolean;
  childOutput(): ChildOutput;
  onToolsChanged(): void;
  /** Register the session's handlers on a new client, before it connects. */
  wire(client: Client): void;
  reportFindings(findings: RaisedFinding[], about: object, aboutSeq?: number): unknown;
};

export class Connector {
  client!: Client;
  transport!: Transport;
  tap!: TransportTap;
  child = new ChildWatch();
  /** Settles once the latest `client.connect()` has, either way. */
  settled: Promise<unknown> = Promise.resolve();
  private hasAttempted = false;
  /** This attempt's version probe, once it went out: its id, its entry, and whether the server answered it. */
  private probe: { id: RpcId; seq: number; isAnswered: boolean } | undefined;
  /** This attempt's ping after an unanswered probe (Auto on stdio, when it probes). */
  private ping: ProbePing | undefined;
  private attempts = 0;

  constructor(private readonly host: ConnectorHost) {}

  /** Connect by as many attempts as it takes. Resolves with the last failure, or nothing once connected (or closing). */
  async connect(): Promise<ConnectFailure | undefined> {
    const { host } = this;
    const isAutoStdio = host.settings().protocol === 'auto' && host.target.transport === 'stdio';
    const isRemembered = isAutoStdio && isRememberedLegacy(host.target);
    const deadline = performance.now() + CONNECT_TIMEOUT_MS;
    let failure = await this.attempt(isRemembered ? { kind: 'legacy' } : undefined, deadline);
    if (failure !== undefined && !host.isClosing() && isRemembered) {
      // The server no longer takes initialize as it did: forget, and negotiate afresh on a new process.
      forgetLegacy(host.target);
      failure = await this.attempt(undefined, deadline);
    } else if (failure !== undefined && !host.isClosing() && isAutoStdio && isProbeClosedServer(failure.error)) {
      // The probe ran on the session's own process and the server exited under it. Start it again and
      // speak 2025 from the first message; if that works, the probe was the cause, so remember it.
      const probeSeq = this.probe?.seq;
      failure = await this.attempt({ kind: 'legacy' }, deadline);
      if (failure === undefined) {
        rememberLegacy(host.target);
        host.reportFindings([findingOf('probe-ended-server', PROBE_ENDED_SERVER)], {}, probeSeq);
      }
    }
    for (let attempt = 0; failure !== undefined && !host.isClosing() && host.oauth && attempt < MAX_SIGN_IN_ATTEMPTS; attempt++) {
      if ((await host.oauth.afterConnectFailure(failure.error)) !== 'retry') break;
      failure = await this.attempt(undefined, performance.now() + CONNECT_TIMEOUT_MS);
    }
    if (failure !== undefined || host.isClosing()) return failure;
    const isLegacy = (this.client.getProtocolEra() ?? 'legacy') === 'legacy';
    // A probe reply after the ping settled it: the server may speak 2026-07-28 after all, so the next connect asks again.
    if (isAutoStdio && this.probe && isLegacy && !this.ping?.isProbeAnsweredLate) {
      // Whatever the probe met, the server speaks 2025: a Reconnect (or the next connect) need not ask again.
      rememberLegacy(host.target);
      const message = this.ping?.hasEndedWait ? PROBE_IGNORED : PROBE_UNANSWERED;
      if (!this.probe.isAnswered) host.reportFindings([findingOf('probe-unanswered', message)], {}, this.probe.seq);
    }
    return undefined;
  }

  /**
   * One attempt at connecting: a new transport (and process, on stdio), tap and
   * client. `prior` skips the version probe. It has until `deadline` (performance.now() ms) in all.
   * Resolves with what went wrong, if anything.
   */
  private async attempt(prior: { kind: 'legacy' } | undefined, deadline: number): Promise<ConnectFailure | undefined> {
    const { host } = this;
    this.probe = undefined;
    const isAutoStdio = host.settings().protocol === 'auto' && host.target.transport === 'stdio';
    const ping = (this.ping =
      isAutoStdio && !prior
        ? new ProbePing(
            {
              send: (message) => this.transport.send(message),
              endProbeWait: (id) => this.tap.endProbeWait(id),
              onProbeAnsweredLate: () => forgetLegacy(host.target),
            },
            ++this.attempts,
          )
        : undefined);
    const remainingMs = Math.floor(deadline - performance.now());
    if (remainingMs <= 0) return { error: connectTimedOut() };
    // The SDK's timeout restarts for each request (probe, then initialize); this abort ends the attempt at the deadline.
    const expiry = new AbortController();
    const timer = setTimeout(() => expiry.abort(connectTimedOut()), remainingMs);
    try {
      if (this.hasAttempted) {
        // A second attempt watches its own process; the first one's has exited, so end what it left behind.
        this.child.reapOrphans();
        this.child = new ChildWatch();
      }
      this.hasAttempted = true;
      host.oauth?.beginAttempt();
      const oauth = host.oauth;
      const language = host.settings().proposals.language;
      this.transport = createTransport(host.target, {
        acceptLanguage: language,
        onHttp: host.onHttp,
        onStreamRequest: host.onStreamRequest,
        ...(oauth && { auth: { provider: oauth.authProvider, onResponse: (response: Response) => oauth.watch(response) } }),
      });
      refuseStartOnceClosing(this.transport, () => host.isClosing());
      this.tap = new TransportTap(this.transport, {
        onOutbound: (message) => {
          const event = host.onOutbound(message);
          if (event && 'method' in message && message.method === 'server/discover' && 'id' in message) {
            this.probe = { id: message.id, seq: event.seq, isAnswered: false };
            ping?.onProbeSent(message);
          } else ping?.onOtherOutbound(message);
        },
        onInbound: (message) => {
          if (this.probe && 'id' in message && message.id === this.probe.id && !('method' in message)) this.probe.isAnswered = true;
          host.onInbound(message);
        },
        // The ping's answer is logged (onInbound) but never reaches the SDK, which did not send the ping.
        claim: (message) => ping?.onInbound(message) === true || host.claim(message),
        ...(language && { stamp: (message: JSONRPCMessage) => withAcceptLanguage(message, language) }),
      });
      this.child.attach(this.transport, host.childOutput());
      this.client = createClient(host.settings(), host.target, () => host.onToolsChanged(), Math.floor(remainingMs * PROBE_SHARE));
      host.wire(this.client);
      const connecting = this.client.connect(this.transport, { timeout: remainingMs, signal: expiry.signal, ...(prior && { prior }) });
      this.settled = connecting.catch(() => undefined);
      await connecting;
      return undefined;
    } catch (error) {
      return { error: expiry.signal.aborted ? connectTimedOut() : error };
    } finally {
      clearTimeout(timer);
      ping?.stop();
    }
  }
}

function connectTimedOut(): SdkError {
  return new SdkError(SdkErrorCode.RequestTimeout, 'The connect timeout ran out');
}

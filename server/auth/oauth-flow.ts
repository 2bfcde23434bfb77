/**
 * Signing in to one HTTP or SSE server, step by step, for its session. The
 * SDK's auth() does the protocol; this decides when OAuth applies, waits for
 * the redirect (from the page's sign-in, or followed by itself in a headless
 * run), completes it with the transport's finishAuth(), and logs each step as
 * an `oauth` entry that holds no secret.
 */
import {
  auth,
  IssuerMismatchError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type FetchLike,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type Transport,
} from '@modelcontextprotocol/client';
import type { NewLogEvent, WireError } from '../wire/events';
import type { OAuthOptions } from '../wire/oauth';
import { secretScrubber, type JsonScrubber } from '../wire/secret-scrubber';
import { callbackUrl, isHeadless } from './callbacks';
import { describeKeptTokens, describeMetadata, describeTokens } from './oauth-steps';
import { discoverLegacySignIn } from './legacy-discovery';
import { InspectorOAuthProvider } from './oauth-provider';
import { awaitRedirect } from './redirect-wait';
import { describeRefusal, type LoggedExchange } from './refusals';
import { challengeParams, readChallenge, readSignInChallenge, type Challenge } from './sign-in-challenge';
import { fileStore, memoryStore, type AuthStore, type StoredAuth } from './token-store';

type OAuthEvent = Extract<NewLogEvent, { kind: 'oauth' }>;
/** Where the sign-ins stood when a request was sent: compared after it fails (scopeRefusalSince). */
export type AuthMark = { scopeRefusals: number; signIns: number };
/** A request refused for scope: what the server asked for, and whether the sign-in that refusal started brings tokens. */
export type ScopeRefusal = { scopeAsked: string | undefined; isSignedIn: Promise<boolean> };

export type FlowHost = {
  serverUrl: string;
  options: OAuthOptions | undefined;
  dataDir: string | undefined;
  emit(event: OAuthEvent): void;
  /** The session's logged fetch: discovery and a headless sign-in are HTTP exchanges like any other. */
  fetchFn: FetchLike;
  /** The session's current transport: finishAuth() completes a sign-in on it. */
  transport(): Transport | undefined;
};

export class OAuthFlow {
  private provider: InspectorOAuthProvider | undefined;
  private challenge: Challenge | undefined;
  /** The authorization under way: resolves true once tokens are in. */
  private pending: Promise<boolean> | undefined;
  private stopWaiting: (() => void) | undefined;
  private readonly secrets = new Set<string>();
  private scrubber: JsonScrubber | undefined;
  /** Scopes a step-up already asked for: asked once, then the refusal is reported instead of asking again. */
  private readonly stepUpScopes = new Set<string>();
  private lastStep: 'challenge' | 'metadata' | 'registration' | 'authorize' | 'token' = 'challenge';
  /** How many authorizations started, and the latest one (kept after it settles, unlike `pending`). */
  private signIns = 0;
  private lastSignIn: Promise<boolean> = Promise.resolve(false);
  /** How many 403 insufficient_scope answers came, and the scope the latest asked for. */
  private scopeRefusals = 0;
  private lastScopeAsked: string | undefined;
  /** Why signing in failed, for the connect's own failure message. */
  failure: WireError | undefined;
  private isClosed = false;
  /** Tokens an earlier sign-in left, said once, when the first connect attempt begins. */
  private kept: StoredAuth | undefined;
  /** A 2025-03-26 server's own authorization server (no protected-resource metadata), found by legacy-discovery.ts. */
  private legacyState: OAuthDiscoveryState | undefined;
  private hasTriedLegacy = false;

  constructor(private readonly host: FlowHost) {
    const stored = this.store().load(host.serverUrl);
    if (stored.tokens) this.kept = stored;
    // OAuth options given, or tokens kept from earlier: send a token from the first request.
    if (host.options || stored.tokens) this.engage();
  }

  /** For the transport: undefined until the server has shown it wants OAuth. */
  get authProvider(): OAuthClientProvider | undefined {
    return this.provider;
  }

  /**
   * Every HTTP exchange of the session, once logged: a refusal (the server refusing
   * the token it was sent, an authorization server refusing a refresh, a
   * registration or a token request) gets its own entry, in the server's words.
   */
  noteExchange(exchange: LoggedExchange): void {
    const refusal = this.provider && describeRefusal(exchange);
    if (refusal) this.emit(refusal);
  }

  /** Every response the transport's fetch sees: a 401 or 403 carries the challenge. */
  watch(response: Response): void {
    const challenge = readChallenge(response);
    if (!challenge) return;
    this.challenge = challenge;
    // A token refused after signing in: the server may have moved to another authorization server, so
    // the next sign-in reads the protected-resource metadata again (and registers anew where it changed).
    // A 2025-03-26 server is its own authorization server: there is nowhere else to move to.
    if (response.status === 401 && this.provider?.tokens() && !this.legacyState) this.provider.invalidateCredentials('discovery');
    if (this.challenge.error === 'insufficient_scope') {
      this.scopeRefusals++;
      this.lastScopeAsked = this.challenge.scope;
      const scope = this.challenge.scope ? ` for ${this.challenge.scope}` : '';
      this.emit({ step: 'step-up', message: `The server asks for a wider scope${scope} (HTTP 403 insufficient_scope).`, scopeAsked: this.challenge.scope });
    }
  }

  beginAttempt(): void {
    this.challenge = undefined;
    this.failure = undefined;
    // No 401 will come for a token that still works: without this entry nothing shows the session signed in, nor offers Sign out.
    if (this.kept?.tokens) {
      const where = this.host.options?.keepTokens && this.host.dataDir ? 'file' : 'memory';
      this.emit({ step: 'kept', ...describeKeptTokens(this.kept.tokens, this.kept.tokensSavedAt, where, Date.now()) });
      this.kept = undefined;
    }
  }

  /** After a failed connect: 'retry' once signing in has moved on, undefined when the failure stands. */
  async afterConnectFailure(error: unknown): Promise<'retry' | undefined> {
    if (this.isClosed) return undefined;
    if (!this.provider) {
      if (!this.challenge || !(await this.hasMetadata())) return undefined;
      const provider = this.engage();
      if (this.legacyState) provider.saveDiscoveryState(this.legacyState);
      return 'retry';
    }
    if (isMetadataIssuerMismatch(error) && (await this.useLegacyDiscovery())) return 'retry';
    if (!this.pending && this.challenge) {
      // A 401 the SDK did not take through auth() (the version probe's): start it here, on the SDK's auth().
      try {
        const result = await auth(this.provider, { serverUrl: this.host.serverUrl, ...challengeParams(this.challenge), fetchFn: this.host.fetchFn });
        if (result === 'AUTHORIZED') return 'retry';
      } catch (authError) {
        if (isMetadataIssuerMismatch(authError) && (await this.useLegacyDiscovery())) return 'retry';
        return this.fail(authError);
      }
    }
    if (this.pending) return (await this.pending) ? 'retry' : undefined;
    if (this.challenge) this.fail(error);
    return undefined;
  }

  /** Whether a sign-in started after the `count`-th one brought tokens (once it settles). */
  private signInsSince(count: number): Promise<boolean> {
    return count < this.signIns ? this.lastSignIn : Promise.resolve(false);
  }

  mark(): AuthMark {
    return { scopeRefusals: this.scopeRefusals, signIns: this.signIns };
  }

  /** Whether the server refused a request for scope since `mark`; undefined when it did not. */
  scopeRefusalSince(mark: AuthMark): ScopeRefusal | undefined {
    if (this.scopeRefusals === mark.scopeRefusals) return undefined;
    return { scopeAsked: this.lastScopeAsked, isSignedIn: this.signInsSince(mark.signIns) };
  }

  /**
   * A sign-in started since `mark` (a request answered 401 after the token stopped
   * working): whether it brings tokens, once it settles; undefined when none started.
   */
  signInSince(mark: AuthMark): Promise<boolean> | undefined {
    return mark.signIns < this.signIns ? this.lastSignIn : undefined;
  }

  /** Forget the tokens (memory and file) and say so; the next request that needs them starts a new sign-in. */
  signOut(): void {
    this.provider?.forget();
    this.store().forget(this.host.serverUrl);
    this.emit({ step: 'signed-out', message: 'Signed out: the tokens for this server are forgotten.' });
  }

  close(): void {
    this.isClosed = true;
    this.stopWaiting?.();
  }

  /** The entry with every secret this sign-in has seen replaced (a second net under the redaction of headers and URLs). */
  scrub(event: NewLogEvent): NewLogEvent {
    if (!this.scrubber) return event;
    const json = JSON.stringify(event);
    const clean = this.scrubber(json);
    return clean === json ? event : (JSON.parse(clean) as NewLogEvent);
  }

  private engage(): InspectorOAuthProvider {
    this.provider = new InspectorOAuthProvider(
      this.host.serverUrl,
      this.host.options ?? { grant: 'authorization_code', keepTokens: false },
      this.store(),
      callbackUrl(),
      {
        onSecret: (value) => this.addSecret(value),
        onDiscovery: (state) => {
          this.lastStep = 'metadata';
          this.emit({ step: 'metadata', ...describeMetadata(state) });
        },
        onClientInformation: (info, how) => {
          this.lastStep = 'registration';
          const message = {
            registered: 'Registered with the authorization server',
            'pre-registered': 'Using the pre-registered client',
            'metadata-url': 'Using the client ID metadata document',
          }[how];
          this.emit({ step: 'registration', message: `${message} (client id ${info.client_id}).`, detail: { clientId: info.client_id, how } });
        },
        onTokens: (tokens, savedAt, hadRefreshToken) => {
          // A code exchange runs while `pending` is set; anything else that replaces refreshable tokens is a refresh.
          const isRefresh = this.pending === undefined && hadRefreshToken;
          this.lastStep = 'token';
          this.emit({ step: isRefresh ? 'refresh' : 'token', ...describeTokens(tokens, savedAt, isRefresh) });
        },
        onAuthorizationUrl: (url, state) => this.authorize(url, state),
        onGrantExchange: (message, detail) => {
          this.lastStep = 'token';
          this.emit({ step: 'grant-exchange', message, detail });
        },
      },
      this.host.fetchFn,
    );
    return this.provider;
  }

  private authorize(url: URL, state: string): void {
    this.lastStep = 'authorize';
    const scopeAsked = url.searchParams.get('scope') ?? undefined;
    const isStepUp = this.challenge?.error === 'insufficient_scope';
    if (isStepUp && scopeAsked && this.stepUpScopes.has(scopeAsked)) {
      this.emit({
        step: 'failed',
        message: `The server still refuses after a sign-in that asked for ${scopeAsked}: the authorization server did not grant it. Not asking again.`,
        scopeAsked,
      });
      return;
    }
    if (isStepUp && scopeAsked) this.stepUpScopes.add(scopeAsked);
    const headless = isHeadless();
    this.emit({
      step: 'authorize',
      message: headless
        ? 'Signing in without a person: following the authorization URL.'
        : 'Sign in: open the authorization URL, approve, and the connection continues by itself.',
      authorizationUrl: url.href,
      ...(scopeAsked && { scopeAsked }),
    });
    this.stopWaiting?.();
    this.signIns++;
    this.pending = this.completeAuthorization(url, state, headless).finally(() => (this.pending = undefined));
    this.lastSignIn = this.pending;
  }

  private async completeAuthorization(url: URL, state: string, headless: boolean): Promise<boolean> {
    let stage: 'authorize' | 'callback' | 'token request' = 'authorize';
    try {
      const redirect = awaitRedirect(url, state, headless, this.host.fetchFn);
      this.stopWaiting = redirect.stop;
      const params = await redirect.params;
      const code = params.get('code');
      if (code) this.addSecret(code);
      const error = params.get('error');
      stage = error ? 'callback' : 'token request';
      this.emit({
        step: 'callback',
        message: error
          ? `The authorization server sent back an error: ${error}${params.get('error_description') ? ` (${params.get('error_description')})` : ''}.`
          : 'The authorization server redirected back with a code.',
      });
      const transport = this.host.transport();
      if (!(transport instanceof StreamableHTTPClientTransport || transport instanceof SSEClientTransport)) throw new Error('The connection is gone.');
      await transport.finishAuth(params);
      return true;
    } catch (error) {
      this.fail(error, stage);
      return false;
    }
  }

  /** Whether the server that answered 401 says where to sign in (sign-in-challenge.ts). */
  private async hasMetadata(): Promise<boolean> {
    const reading = await readSignInChallenge(this.host.serverUrl, this.challenge, this.host.fetchFn);
    this.hasTriedLegacy = true;
    if (reading.legacyState) this.legacyState = reading.legacyState;
    this.emit({ step: 'challenge', ...reading.entry });
    return reading.hasMetadata;
  }

  /**
   * The SDK refused the authorization server's metadata for its issuer: on a
   * 2025-03-26 server that is its own authorization server, sign in there
   * anyway (legacy-discovery.ts says when), once.
   */
  private async useLegacyDiscovery(): Promise<boolean> {
    if (this.hasTriedLegacy || !this.provider) return false;
    this.hasTriedLegacy = true;
    const legacy = await discoverLegacySignIn(new URL(this.host.serverUrl), this.host.fetchFn);
    if (!legacy.found) return false;
    this.legacyState = legacy.state;
    this.emit({ step: 'challenge', message: legacy.message });
    this.provider.saveDiscoveryState(legacy.state);
    return true;
  }

  private fail(error: unknown, stage: string = this.lastStep === 'challenge' ? 'discovery' : this.lastStep): undefined {
    const why = error instanceof Error ? error.message : String(error);
    const message = `Signing in failed at ${stage}: ${why}`;
    this.failure = { code: 'unauthorized', message };
    this.emit({ step: 'failed', message });
    return undefined;
  }

  private addSecret(value: string): void {
    if (this.secrets.has(value)) return;
    this.secrets.add(value);
    this.scrubber = secretScrubber([...this.secrets]);
  }

  private store(): AuthStore {
    return this.host.options?.keepTokens && this.host.dataDir ? fileStore(this.host.dataDir) : memoryStore;
  }

  private emit(event: Omit<OAuthEvent, 'kind'>): void {
    if (!this.isClosed) this.host.emit({ kind: 'oauth', ...event });
  }
}

function isMetadataIssuerMismatch(error: unknown): boolean {
  return error instanceof IssuerMismatchError && error.kind === 'metadata';
}

/**
 * The SDK client's OAuthClientProvider for one server: the SDK's auth() does
 * every protocol step (discovery, registration, PKCE, the token requests,
 * refresh, step-up); this keeps what it hands over and tells the session
 * about each step as it happens.
 */
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthOptions } from '../wire/oauth';
import type { AuthStore, StoredAuth } from './token-store';

export type ProviderHooks = {
  onDiscovery(state: OAuthDiscoveryState): void;
  onClientInformation(info: StoredOAuthClientInformation, how: 'registered' | 'pre-registered' | 'metadata-url'): void;
  /** `hadRefreshToken`: the tokens they replace carried one (so, with no code exchange under way, this is a refresh). */
  onTokens(tokens: StoredOAuthTokens, savedAt: number, hadRefreshToken: boolean): void;
  /** auth() wants a person to open this URL; `state` is what the redirect must carry back. */
  onAuthorizationUrl(url: URL, state: string): void;
  /** A value that must never reach a log entry. */
  onSecret(value: string): void;
};

export class InspectorOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private state_: string | undefined;
  private stored: StoredAuth;

  constructor(
    private readonly serverUrl: string,
    private readonly options: OAuthOptions,
    private readonly store: AuthStore,
    private readonly redirectTo: string,
    private readonly hooks: ProviderHooks,
  ) {
    this.stored = store.load(serverUrl);
    if (options.clientSecret) hooks.onSecret(options.clientSecret);
    this.reportSecrets();
  }

  get isClientCredentials(): boolean {
    return this.options.grant === 'client_credentials';
  }

  get redirectUrl(): string | undefined {
    // No redirect is what tells the SDK to use a non-interactive grant.
    return this.isClientCredentials ? undefined : this.redirectTo;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Elicitation Inspector',
      redirect_uris: this.isClientCredentials ? [] : [this.redirectTo],
      grant_types: this.isClientCredentials ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: this.isClientCredentials ? [] : ['code'],
      token_endpoint_auth_method: this.options.clientSecret ? 'client_secret_post' : 'none',
      ...(this.options.scope && { scope: this.options.scope }),
    };
  }

  /** Client credentials name their grant here; the authorization code grant is the SDK's default. */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (!this.isClientCredentials) return undefined;
    const requested = scope ?? this.options.scope;
    return new URLSearchParams({ grant_type: 'client_credentials', ...(requested && { scope: requested }) });
  }

  state(): string {
    this.state_ = randomBytes(32).toString('base64url');
    return this.state_;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    if (this.options.clientId) {
      const info = { client_id: this.options.clientId, ...(this.options.clientSecret && { client_secret: this.options.clientSecret }) };
      return { ...info, ...(this.stored.clientInformation?.client_id === this.options.clientId && { issuer: this.stored.clientInformation.issuer }) };
    }
    return this.stored.clientInformation;
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    const isFirst = this.stored.clientInformation?.client_id !== info.client_id;
    this.stored = { ...this.stored, clientInformation: info };
    this.persist();
    if (!isFirst) return;
    const how = this.options.clientId ? 'pre-registered' : info.client_id === this.options.clientMetadataUrl ? 'metadata-url' : 'registered';
    this.onSecretsOf(info);
    this.hooks.onClientInformation(info, how);
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.stored.tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    const isSame = this.stored.tokens?.access_token === tokens.access_token;
    const hadRefreshToken = Boolean(this.stored.tokens?.refresh_token);
    const savedAt = isSame ? (this.stored.tokensSavedAt ?? Date.now()) : Date.now();
    this.stored = { ...this.stored, tokens, tokensSavedAt: savedAt };
    this.persist();
    this.reportSecrets();
    // auth() saves the same tokens again to stamp their issuer: that is not news.
    if (!isSame) this.hooks.onTokens(tokens, savedAt, hadRefreshToken);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.hooks.onAuthorizationUrl(authorizationUrl, authorizationUrl.searchParams.get('state') ?? this.state_ ?? '');
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.hooks.onSecret(codeVerifier);
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No sign-in is under way (no PKCE code verifier was saved).');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
    this.hooks.onDiscovery(state);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.stored = { ...this.stored, tokens: undefined, tokensSavedAt: undefined };
    if (scope === 'all' || scope === 'client') this.stored = { ...this.stored, clientInformation: undefined };
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    this.persist();
  }

  /** Sign out: forget tokens and registration here and in the store. */
  forget(): void {
    this.invalidateCredentials('all');
    this.store.forget(this.serverUrl);
  }

  private persist(): void {
    this.store.save(this.serverUrl, this.stored);
  }

  private reportSecrets(): void {
    const { tokens, clientInformation } = this.stored;
    for (const value of [tokens?.access_token, tokens?.refresh_token, tokens?.id_token]) if (value) this.hooks.onSecret(value);
    if (clientInformation) this.onSecretsOf(clientInformation);
  }

  private onSecretsOf(info: StoredOAuthClientInformation): void {
    if ('client_secret' in info && typeof info.client_secret === 'string') this.hooks.onSecret(info.client_secret);
    if ('registration_access_token' in info && typeof info.registration_access_token === 'string') this.hooks.onSecret(info.registration_access_token);
  }
}

/**
 * The SDK client's OAuthClientProvider for one server: the SDK's auth() does
 * every protocol step (discovery, registration, PKCE, the token requests,
 * refresh, step-up); this keeps what it hands over and tells the session
 * about each step as it happens.
 */
import { randomBytes } from 'node:crypto';
import type {
  FetchLike,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthOptions } from '../wire/oauth';
import { privateKeyJwtAuth } from './client-assertion';
import { idpWhere, JWT_BEARER_GRANT, requestAuthorizationGrant } from './cross-app-access';
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
  /** Cross-app access: the identity provider issued an authorization grant for `authorizationServer`. */
  onGrantExchange(message: string, detail: Record<string, string>): void;
};

export class InspectorOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private state_: string | undefined;
  private stored: StoredAuth;
  /** What auth() found, for a cross-app access grant: the authorization server's issuer and the resource. */
  private authorizationServer: string | undefined;
  private resource: string | undefined;
  /** With a private key, every token request carries an assertion signed by it (private_key_jwt) instead of a secret. */
  readonly addClientAuthentication: OAuthClientProvider['addClientAuthentication'];

  constructor(
    private readonly serverUrl: string,
    private readonly options: OAuthOptions,
    private readonly store: AuthStore,
    private readonly redirectTo: string,
    private readonly hooks: ProviderHooks,
    private readonly fetchFn: FetchLike,
  ) {
    this.stored = store.load(serverUrl);
    for (const secret of [options.clientSecret, options.privateKey, options.idp?.idToken, options.idp?.clientSecret]) if (secret) hooks.onSecret(secret);
    this.reportSecrets();
    if (options.privateKey && options.clientId)
      this.addClientAuthentication = privateKeyJwtAuth(options.clientId, options.privateKey, options.signingAlgorithm);
  }

  /** No person takes part: client credentials, or cross-app access. */
  get isNonInteractive(): boolean {
    return this.options.grant === 'client_credentials' || this.options.grant === 'cross_app_access';
  }

  get redirectUrl(): string | undefined {
    // No redirect is what tells the SDK to use a non-interactive grant.
    return this.isNonInteractive ? undefined : this.redirectTo;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { grant, clientSecret, privateKey } = this.options;
    return {
      client_name: 'Elicitation Inspector',
      redirect_uris: this.isNonInteractive ? [] : [this.redirectTo],
      grant_types:
        grant === 'client_credentials' ? ['client_credentials'] : grant === 'cross_app_access' ? [JWT_BEARER_GRANT] : ['authorization_code', 'refresh_token'],
      response_types: this.isNonInteractive ? [] : ['code'],
      token_endpoint_auth_method: privateKey
        ? 'private_key_jwt'
        : !clientSecret
          ? 'none'
          : grant === 'cross_app_access'
            ? 'client_secret_basic'
            : 'client_secret_post',
      ...(this.options.scope && { scope: this.options.scope }),
    };
  }

  /** Client credentials and cross-app access name their grant here; the authorization code grant is the SDK's default. */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const requested = scope ?? this.options.scope;
    if (this.options.grant === 'client_credentials') return new URLSearchParams({ grant_type: 'client_credentials', ...(requested && { scope: requested }) });
    if (this.options.grant !== 'cross_app_access') return undefined;
    const { idp } = this.options;
    if (!idp) throw new Error('Cross-app access needs the identity provider (its ID token and client ID).');
    if (!this.authorizationServer || !this.resource) {
      throw new Error('Cross-app access needs the server’s protected-resource metadata (RFC 9728), which names its resource and authorization server.');
    }
    const assertion = await requestAuthorizationGrant(idp, {
      authorizationServer: this.authorizationServer,
      resource: this.resource,
      scope: requested,
      fetchFn: this.fetchFn,
    });
    this.hooks.onSecret(assertion);
    this.hooks.onGrantExchange(
      `The identity provider (${idpWhere(idp)}) exchanged the ID token for an authorization grant for ${this.authorizationServer} (RFC 8693).`,
      {
        identityProvider: idp.tokenEndpoint ?? idp.issuer ?? '',
        authorizationServer: this.authorizationServer,
        resource: this.resource,
      },
    );
    return new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion, ...(requested && { scope: requested }) });
  }

  /** auth() names the authorization server it resolved (its issuer): the audience of a cross-app access grant. */
  saveAuthorizationServerUrl(authorizationServerUrl: string): void {
    this.authorizationServer = authorizationServerUrl;
  }

  /** auth() names the resource the tokens are for (RFC 9728): the resource of a cross-app access grant. */
  saveResourceUrl(resourceUrl: string): void {
    this.resource = resourceUrl;
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

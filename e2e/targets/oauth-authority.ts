/**
 * The authorization server's memory for e2e/targets/oauth-server.ts, on the
 * classic SDK's `OAuthServerProvider` interface: registered clients, codes
 * (approved at once, or after a consent page), access and refresh tokens with
 * a configurable life, revocation, and a record of every secret it handed out
 * or was shown, so a test can grep the inspector's data dir for each one.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidGrantError, InvalidRequestError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export type AuthorityOptions = {
  tokenLifeS: number;
  /** Show a consent page instead of redirecting back at once. */
  isConsentPage: boolean;
  /** Scopes this server never grants, whatever is asked (to see step-up fail). */
  withheldScopes: string[];
};

type Grant = { clientId: string; scopes: string[]; resource?: URL; expiresAt: number };

/** Loopback redirect URIs match on any port (RFC 8252 §7.3): native clients listen where they can. */
function sameRedirect(registered: string, requested: string): boolean {
  const a = new URL(registered);
  const b = new URL(requested);
  const isLoopback = a.hostname === '127.0.0.1' || a.hostname === 'localhost';
  return isLoopback ? a.protocol === b.protocol && a.hostname === b.hostname && a.pathname === b.pathname : a.href === b.href;
}

const secret = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;

export class Authority implements OAuthServerProvider {
  private readonly clients = new Map<string, OAuthClientInformationFull>();
  private readonly codes = new Map<string, { client: OAuthClientInformationFull; params: AuthorizationParams }>();
  private readonly pendingConsents = new Map<string, { client: OAuthClientInformationFull; params: AuthorizationParams }>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  /** Every secret issued or received, for tests that look for leaks. */
  readonly seenSecrets = new Set<string>();
  refreshCount = 0;

  constructor(private readonly options: AuthorityOptions) {}

  readonly clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (clientId) => this.clients.get(clientId),
    registerClient: async (client) => {
      // The router minted a client_id already; this server mints its own, which is what the client is told.
      const full: OAuthClientInformationFull = { ...client, client_id: secret('client') };
      if (full.client_secret) this.seenSecrets.add(full.client_secret);
      this.clients.set(full.client_id, full);
      return full;
    },
  };

  /** A client the server knows without registration (pre-registered, or machine-to-machine). */
  preRegister(client: OAuthClientInformationFull): void {
    this.clients.set(client.client_id, client);
    if (client.client_secret) this.seenSecrets.add(client.client_secret);
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    if (!client.redirect_uris.some((uri) => sameRedirect(uri, params.redirectUri))) throw new InvalidRequestError('Unregistered redirect_uri');
    if (this.options.isConsentPage) {
      const consentId = secret('consent');
      this.pendingConsents.set(consentId, { client, params });
      const scopes = (params.scopes ?? []).join(' ') || '(none)';
      res
        .type('html')
        .send(
          `<!doctype html><title>Consent</title><h1>Allow ${client.client_name ?? client.client_id}?</h1>` +
            `<p>Scopes: ${scopes}</p><form method="post" action="/consent"><input type="hidden" name="consent" value="${consentId}">` +
            `<button>Approve</button></form>`,
        );
      return;
    }
    res.redirect(this.issueCode(client, params));
  }

  /** The redirect back to the client after the person approved on the consent page. */
  approve(consentId: string): string | undefined {
    const pending = this.pendingConsents.get(consentId);
    if (!pending) return undefined;
    this.pendingConsents.delete(consentId);
    return this.issueCode(pending.client, pending.params);
  }

  private issueCode(client: OAuthClientInformationFull, params: AuthorizationParams): string {
    const code = secret('code');
    this.seenSecrets.add(code);
    const granted = (params.scopes ?? []).filter((scope) => !this.options.withheldScopes.includes(scope));
    this.codes.set(code, { client, params: { ...params, scopes: granted } });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    return target.href;
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const entry = this.codes.get(code);
    if (!entry) throw new InvalidGrantError('Unknown authorization code');
    return entry.params.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, verifier?: string): Promise<OAuthTokens> {
    const entry = this.codes.get(code);
    if (!entry || entry.client.client_id !== client.client_id) throw new InvalidGrantError('Unknown authorization code');
    if (verifier) this.seenSecrets.add(verifier);
    this.codes.delete(code);
    return this.issueTokens({ clientId: client.client_id, scopes: entry.params.scopes ?? [], resource: entry.params.resource, expiresAt: 0 });
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string): Promise<OAuthTokens> {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('The refresh token is unknown or revoked');
    this.refreshTokens.delete(refreshToken);
    this.refreshCount++;
    return this.issueTokens(grant);
  }

  /** Tokens for a machine-to-machine client (client_credentials), which the classic SDK's token route does not grant. */
  issueForClient(clientId: string, scopes: string[]): OAuthTokens {
    return this.issueTokens({ clientId, scopes, expiresAt: 0 }, false);
  }

  private issueTokens(grant: Grant, withRefresh = true): OAuthTokens {
    const accessToken = secret('access');
    const refreshToken = secret('refresh');
    const expiresAt = Date.now() + this.options.tokenLifeS * 1000;
    this.accessTokens.set(accessToken, { ...grant, expiresAt });
    this.seenSecrets.add(accessToken);
    if (withRefresh) {
      this.refreshTokens.set(refreshToken, grant);
      this.seenSecrets.add(refreshToken);
    }
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.options.tokenLifeS,
      scope: grant.scopes.join(' '),
      ...(withRefresh && { refresh_token: refreshToken }),
    };
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const grant = this.accessTokens.get(token);
    if (!grant) throw new InvalidTokenError('The access token is unknown or revoked');
    return { token, clientId: grant.clientId, scopes: grant.scopes, expiresAt: Math.floor(grant.expiresAt / 1000), resource: grant.resource };
  }

  async revokeToken(_client: OAuthClientInformationFull, request: { token: string }): Promise<void> {
    this.accessTokens.delete(request.token);
    this.refreshTokens.delete(request.token);
  }

  /** An administrator revokes everything: the next request is a 401 and a refresh fails. */
  revokeAll(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }
}

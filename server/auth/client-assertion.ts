/**
 * `private_key_jwt` (RFC 7523 §2.2): the client proves who it is to the token
 * endpoint with a short-lived assertion signed by its own key, made by the
 * SDK's createPrivateKeyJwtAuth. This picks the assertion's algorithm from the
 * key when none is named, and refuses a key Node cannot read, up front.
 */
import { createPrivateKey } from 'node:crypto';
import { createPrivateKeyJwtAuth, type OAuthClientProvider } from '@modelcontextprotocol/client';

const EC_ALGORITHMS: Record<string, string> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };

/** The JWS algorithm a PKCS#8 key signs with by default: RS256 for RSA, ES256/384/512 by curve, EdDSA for Ed25519. */
export function signingAlgorithmFor(pem: string): string {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new Error(`The private key is not a PEM key Node can read (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  const type = key.asymmetricKeyType;
  if (type === 'rsa') return 'RS256';
  if (type === 'rsa-pss') return 'PS256';
  if (type === 'ed25519' || type === 'ed448') return 'EdDSA';
  const curve = type === 'ec' ? key.asymmetricKeyDetails?.namedCurve : undefined;
  const algorithm = curve && EC_ALGORITHMS[curve];
  if (!algorithm)
    throw new Error(`No JWS algorithm is known for a ${type ?? 'key of unknown type'}${curve ? ` on ${curve}` : ''}: name one (signingAlgorithm).`);
  return algorithm;
}

/** The token requests' client authentication for `clientId`: an assertion signed with `pem`, its audience the authorization server's issuer. */
export function privateKeyJwtAuth(clientId: string, pem: string, algorithm: string | undefined): NonNullable<OAuthClientProvider['addClientAuthentication']> {
  return createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: pem, alg: algorithm ?? signingAlgorithmFor(pem) });
}

import { discoveryDocumentUrl } from '@lanparty/contract/rules';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';

/** What the API takes from a verified access token. Never roles: those live in our database. */
export type VerifiedIdentity = {
  subject: string;
  steamId: string | undefined;
  /** A name to start a new user's nickname with. */
  displayName: string | undefined;
  /** When the token stops being good (its `exp`), in milliseconds since the epoch. */
  expiresAt: number;
};

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

/** Asymmetric algorithms only: `none` and shared-secret HMAC are never accepted. */
const allowedAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];

const steamIdPattern = /^7656119\d{10}$/;

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

type VerifierOptions = {
  issuer: string;
  audience: string;
  steamIdClaim: string;
  keys: JWTVerifyGetKey;
};

/**
 * Verifies bearer tokens exactly the same way for the embedded provider and for an
 * external one: signature against the issuer's keys, issuer, audience, expiry (with a
 * little clock tolerance) and an allow-list of algorithms.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: allowedAlgorithms,
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
    const steamId = payload[options.steamIdClaim];
    const displayName = payload.preferred_username ?? payload.name;
    return {
      expiresAt: Number(payload.exp) * 1000,
      subject: String(payload.sub),
      steamId: typeof steamId === 'string' && steamIdPattern.test(steamId) ? steamId : undefined,
      displayName:
        typeof displayName === 'string' && displayName.trim() ? displayName.trim() : undefined,
    };
  };
}

/**
 * Remembers the tokens already verified until they expire, so a signed-in visitor's
 * every call does not check the same signature again (a third of a small answer's time).
 * Only good tokens are kept; at most `maximum`, the oldest dropped first. A token cannot be
 * withdrawn before its expiry anyway: the signature said all there is to say about it.
 */
export function rememberVerifiedTokens(
  verify: TokenVerifier,
  { maximum = 10_000, now = Date.now }: { maximum?: number; now?: () => number } = {},
): TokenVerifier {
  const verified = new Map<string, VerifiedIdentity>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.expiresAt > now()) return known;
    verified.delete(token);
    const identity = await verify(token);
    if (verified.size >= maximum) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, identity);
    return identity;
  };
}

/** The embedded provider's keys are ours: verify against them without a network round trip. */
export function localKeys(publicJwks: JSONWebKeySet['keys']): JWTVerifyGetKey {
  return createLocalJWKSet({ keys: publicJwks });
}

/**
 * An external issuer's keys, found through its discovery document on first use and
 * cached (jose refetches when a token names a key id it has not seen).
 */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discover = async () => {
    const url = new URL(discoveryDocumentUrl(issuer));
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`discovery at ${url.href} answered ${response.status}`);
    const document = (await response.json()) as { jwks_uri?: unknown };
    if (typeof document.jwks_uri !== 'string')
      throw new Error(`discovery at ${url.href} has no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri));
  };
  return async (header, token) => {
    keys ??= discover().catch((error: unknown) => {
      keys = undefined; // try again on the next request rather than failing forever
      throw error;
    });
    return (await keys)(header, token);
  };
}

/** Who signed in and when (seconds since the epoch), from a verified ID token. */
export type SignInProof = { subject: string; authTime: number };

export type SignInProofVerifier = (idToken: string) => Promise<SignInProof>;

/**
 * Verifies an ID token of the site's own client (its `aud`) from the same issuer and keys
 * as the access tokens, and reads when the person signed in (`auth_time`, which a sign-in
 * asked with max_age carries): the proof of a fresh sign-in that erasing an account without
 * a password asks for.
 */
export function createSignInProofVerifier(options: {
  issuer: string;
  clientId: string;
  keys: JWTVerifyGetKey;
}): SignInProofVerifier {
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, options.keys, {
        issuer: options.issuer,
        audience: options.clientId,
        algorithms: allowedAlgorithms,
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp', 'auth_time'],
      });
      return { subject: String(payload.sub), authTime: Number(payload.auth_time) };
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
  };
}

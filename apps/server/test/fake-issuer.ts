import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

export type FakeIssuer = {
  issuer: string;
  /** A token signed with the issuer's key; claims and options override the defaults. */
  signToken: (
    claims?: JWTPayload,
    options?: { audience?: string; issuer?: string; expiresIn?: string },
  ) => Promise<string>;
  /** A token signed with a key the issuer never published, under the published key id. */
  signWithStrangerKey: (claims?: JWTPayload) => Promise<string>;
  close: () => Promise<void>;
};

/**
 * An independent OpenID Connect issuer for tests: a discovery document and a JWKS,
 * served over HTTP like Keycloak's, and a signing key the test holds.
 */
export async function startFakeIssuer(audience = 'lanparty-api'): Promise<FakeIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/realms/lan/.well-known/openid-configuration') {
      return send({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` });
    }
    if (request.url === '/realms/lan/protocol/openid-connect/certs')
      return send({ keys: [publicJwk] });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/realms/lan`;

  const sign = (
    key: Parameters<SignJWT['sign']>[0],
    claims: JWTPayload,
    options: { audience?: string; issuer?: string; expiresIn?: string },
  ) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setSubject(String(claims.sub ?? randomUUID()))
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(key);

  return {
    issuer,
    signToken: (claims = {}, options = {}) => sign(privateKey, claims, options),
    signWithStrangerKey: (claims = {}) => sign(stranger.privateKey, claims, {}),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

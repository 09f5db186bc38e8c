/**
 * Where an OpenID Connect issuer's discovery document is (OpenID Connect Discovery §4):
 * the server reads it for the issuer's keys, the web app to check the issuer answers, and
 * the page preloads it — all three must name the very same address.
 */
export function discoveryDocumentUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/**
 * Where an OpenID Connect issuer's discovery document is (OpenID Connect Discovery §4):
 * the server reads it for the issuer's keys, the web app to check the issuer answers, and
 * the page preloads it — all three must name the very same address.
 */
export function discoveryDocumentUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/**
 * A cookie the web app sets while this browser keeps a signed-in session (the session
 * itself stays in localStorage). The server reads it to choose the page: with it the app
 * starts at once; without it the page signs in first, so a visitor who is not signed in
 * reaches the sign-in form without downloading the app. A hint, never a credential: a
 * wrong one costs a download, not access.
 */
export const signedInHintCookie = 'lanparty-signed-in';

/**
 * A response header on every API answer: the minute it was written, on the community's
 * clocks (`2026-12-05T18:04:00.000+01:00`). An answer kept for reading offline says by it
 * when it was read, "as of 18:04" (issue 53).
 */
export const communityTimeHeader = 'x-community-time';

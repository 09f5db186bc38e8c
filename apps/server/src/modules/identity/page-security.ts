/**
 * The content security policy of our sign-in pages: the site's own (only our origin,
 * no inline script or style), except that forms may lead to the web app's origins.
 * Browsers check `form-action` along the redirects after a form is sent, and a sign-in
 * ends with a redirect to the web app, which in development lives on another port.
 */
export function signInPagePolicy(formOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Adds origins to the `form-action` of an existing policy (the site's, set by helmet on
 * every response), or gives our own policy when there is none.
 */
export function widenFormAction(
  policy: string | undefined,
  formOrigins: readonly string[],
): string {
  if (!policy) return signInPagePolicy(formOrigins);
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');
  const others = directives.filter((directive) => !/^form-action(\s|$)/.test(directive));
  return [...others, `form-action 'self' ${formOrigins.join(' ')}`.trim()].join('; ');
}

/**
 * What a request's address may carry that a log must not (issue 50): a log is read by
 * whoever runs the site, kept for long, and copied to collectors, while these are keys to a
 * screen, a clan, an address or a session, or a person's address itself.
 */
const redacted = '[redacted]';

/** Paths whose last part is a secret or an address: the part after the prefix is replaced. */
const secretPaths: readonly RegExp[] = [
  // A lan's screen, its page and its API (the token is all a screen signs in with).
  /^(\/screen\/)[^/?#]+/,
  /^(\/api\/screens\/)[^/?#]+/,
  // A clan's invite link: the code lets anyone join.
  /^(\/clans\/[^/?#]+\/join\/)[^/?#]+/,
  // The verification link of an e-mail address, as mailed and as the app sends it on.
  /^(\/profile\/email-verification\/)[^/?#]+/,
  /^(\/api\/users\/me\/email-verifications\/)[^/?#]+/,
  // Whether an address is taken: the address itself.
  /^(\/api\/users\/email-addresses\/)[^/?#]+/,
];

/**
 * Query parameters whose values are secrets or name a person, on any path: the sign-in's
 * and sign-out's (id_token_hint, code, state, nonce, code_challenge, login_hint…), any
 * token, and Steam's answer to a sign-in (its signature and the person's Steam id). The
 * provider sees its paths without their /oidc prefix, so no path is named here.
 */
const secretQueryNames: readonly RegExp[] = [
  /token|secret|password|ticket|hint|mail/i,
  /^(code|code_challenge|code_verifier|state|nonce|session_state|sid|key)$/i,
  /^openid\./i,
];

// Each table as one expression, asked once per address (logged with every request) rather
// than pattern by pattern: a small answer's log line spent a twentieth of its time here.
const anySecretPath = new RegExp(secretPaths.map((pattern) => `(?:${pattern.source})`).join('|'));
const anySecretName = new RegExp(
  secretQueryNames.map((pattern) => `(?:${pattern.source})`).join('|'),
  'i',
);

/** The value of each secret query parameter replaced; the rest of the query as it was. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      if (name.includes('%') || name.includes('+')) {
        try {
          name = decodeURIComponent(name.replaceAll('+', ' '));
        } catch {
          // A broken escape in the name: judged as written.
        }
      }
      return anySecretName.test(name) ? `${pair.slice(0, equals)}=${redacted}` : pair;
    })
    .join('&');
}

/** A request's address as a log may keep it: every secret of the tables above replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (anySecretPath.test(path)) {
    for (const pattern of secretPaths) path = path.replace(pattern, `$1${redacted}`);
  }
  return queryAt < 0 ? path : `${path}?${redactQuery(url.slice(queryAt + 1))}`;
}

/** Something like an e-mail address, as a mail server's error quotes it. */
const emailAddress = /[^\s<>"'(),;:[\]@]+@[^\s<>"'(),;:[\]@]+\.[^\s<>"'(),;:[\]@]+/g;

/** Free text (an error's message) as a log may keep it: every e-mail address replaced. */
export function redactEmailAddresses(text: string): string {
  return text.replace(emailAddress, redacted);
}

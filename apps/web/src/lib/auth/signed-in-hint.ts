import { signedInHintCookie } from '@lanparty/contract/rules';

/** A year and a bit: as long as a refresh token may keep a session going. */
const HINT_SECONDS = 400 * 24 * 60 * 60;

/** Sets or clears the signed-in hint (`signedInHintCookie`) as the session is kept or ends. */
export function writeSignedInHint(isSignedIn: boolean, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const value = isSignedIn ? `1; Max-Age=${HINT_SECONDS}` : '; Max-Age=0';
  doc.cookie = `${signedInHintCookie}=${value}; Path=/; SameSite=Lax${secure}`;
}

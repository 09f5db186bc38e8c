import { useSignUpCount } from '../../lib/users/list-sign-ups.ts';
import { CountBadge } from './count-badge.tsx';

/** How many sign-ups wait for verification, on the Admin link: "Admin, 3 sign-ups waiting". */
export function SignUpCount() {
  const count = useSignUpCount({ isEnabled: true });
  return count ? <CountBadge count={count} one="sign-up waiting" many="sign-ups waiting" /> : null;
}

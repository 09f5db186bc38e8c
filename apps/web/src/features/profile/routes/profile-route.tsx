import { Page } from '../../../components/page.tsx';
import { Link, Outlet } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';

/** The nickname with its first letter in upper case (spec §2: the capitalised nickname). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('en-US') + text.slice(1);
}

/**
 * profile, profile/personal and profile/email-verification/:code: one profile screen,
 * headed by the signed-in user's capitalised nickname.
 */
export function ProfileRoute() {
  const { user } = useViewer();
  return (
    <Page title="Profile" heading={user ? capitalise(user.nickname) : 'Profile'}>
      {/* What the site told you (issue 53): the header's bell is to come. */}
      <p>
        <Link to="/notices">Your notices</Link>
      </p>
      <Outlet />
    </Page>
  );
}

import { Outlet } from 'react-router';
import { Page } from '../../../components/page.tsx';

/**
 * profile, profile/personal and profile/email-verification/:code: one profile screen.
 * The identity issue fills it (capitalised nickname, Personal Information form,
 * Participated Lans) and sends the verification code.
 */
export function ProfileRoute() {
  return (
    <Page title="Profile">
      <Outlet />
    </Page>
  );
}

import { useEffect, useRef } from 'react';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { useNavigate, useParams } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { PersonalProfileRoute } from './personal-profile-route.tsx';

// The texts of spec §8, word for word.
export const emailActivatedMessage = 'Email address actived.';
export const emailActivationFailedMessage = 'Error occured during email address activation.';

/**
 * profile/email-verification/:code, the link of the verification mail (spec §4): when the
 * signed-in user's address is not verified yet the code is sent once; on success the user
 * is refreshed and sent to the personal profile, either way a notification tells how it went.
 */
export function EmailVerificationRoute() {
  const { code } = useParams();
  const { user } = useViewer();
  const navigate = useNavigate();
  const notify = useNotify();
  const { mutateAsync: verifyEmail } = useVerifyEmail();
  const hasSentCode = useRef(false);
  const needsVerification = user !== null && !user.isEmailActivated;

  useEffect(() => {
    if (!needsVerification || !code || hasSentCode.current) return;
    hasSentCode.current = true;
    void (async () => {
      const isVerified = await verifyEmail(code).catch(() => false);
      if (!isVerified) {
        notify({ severity: 'Error', message: emailActivationFailedMessage });
        return;
      }
      // The notification is for the page the user is sent to.
      notify({ severity: 'Success', message: emailActivatedMessage, keepOnNextNavigation: true });
      await navigate('/profile/personal', { replace: true });
    })();
  }, [needsVerification, code, verifyEmail, navigate, notify]);

  return <PersonalProfileRoute />;
}

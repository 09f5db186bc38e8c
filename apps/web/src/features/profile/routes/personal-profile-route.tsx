import { hasAnyRole, requiredRoles } from '@lanparty/contract/rules';
import { useEffect } from 'react';
import section from '../../../components/section.module.css';
import { useViewer } from '../../../lib/viewer.tsx';
import { useHistory } from '../api/history-and-data.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { LanScreensChoice } from '../components/lan-screens-choice.tsx';
import { ParticipatedLans } from '../components/participated-lans.tsx';
import { PlaytimeHint } from '../components/playtime-hint.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SteamPlaytimeConsent } from '../components/steam-playtime-consent.tsx';
import { YourBadges } from '../components/your-badges.tsx';
import { YourClan } from '../components/your-clan.tsx';
import { YourData } from '../components/your-data.tsx';
import { YourHistory } from '../components/your-history.tsx';

/**
 * profile/personal: the Personal Information section, the user's clan, the choice to show
 * what they play on lan screens, then (for lanners) Participated Lans; their history and
 * badges, their Steam playtime's consent, and their data (issue 36).
 */
export function PersonalProfileRoute() {
  const { user } = useViewer();
  const history = useHistory(user?.id);
  const isHistoryRead = history.data !== undefined;
  // A notice's link (/profile#badges) shows its section once the page below it is there.
  useEffect(() => {
    if (!isHistoryRead || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [isHistoryRead]);
  if (!user) return null;
  return (
    <>
      <section className={section.section} aria-labelledby="personal-information">
        <h2 id="personal-information" className={section.sectionTitle}>
          Personal Information
        </h2>
        <PlaytimeHint user={user} />
        <AvatarUpload user={user} />
        <ProfileForm key={user.id} user={user} />
      </section>
      <YourClan user={user} />
      <LanScreensChoice />
      {hasAnyRole(user.roles, requiredRoles.lanner) ? <ParticipatedLans user={user} /> : null}
      <YourHistory user={user} history={history} />
      <YourBadges user={user} history={history.data} />
      <SteamPlaytimeConsent user={user} />
      <YourData user={user} />
    </>
  );
}

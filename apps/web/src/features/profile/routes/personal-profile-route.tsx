import { hasAnyRole, requiredRoles } from '@lanparty/contract/rules';
import section from '../../../components/section.module.css';
import { useViewer } from '../../../lib/viewer.tsx';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { LanScreensChoice } from '../components/lan-screens-choice.tsx';
import { ParticipatedLans } from '../components/participated-lans.tsx';
import { PlaytimeHint } from '../components/playtime-hint.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { YourClan } from '../components/your-clan.tsx';

/**
 * profile/personal: the Personal Information section, the user's clan, the choice to show
 * what they play on lan screens, then (for lanners) Participated Lans.
 */
export function PersonalProfileRoute() {
  const { user } = useViewer();
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
    </>
  );
}

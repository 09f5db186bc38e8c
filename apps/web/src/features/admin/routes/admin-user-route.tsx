import type { UserProfile } from '@lanparty/contract';
import { ArrowLeft, BadgeCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { NotFound } from '../../../components/not-found.tsx';
import { Page } from '../../../components/page.tsx';
import { hasData, QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { UserAvatar } from '../../../components/user-avatar/user-avatar.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { idParam } from '../../../lib/id-param.ts';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { hasPersonalFields, useUser } from '../api/get-user.ts';
import { EraseUser } from '../components/erase-user.tsx';
import { RoleEditor } from '../components/role-editor.tsx';
import styles from './admin-user-route.module.css';

/** admin/users/:id: a user's profile and roles, for member and system administrators. */
export function AdminUserRoute() {
  const { id: idText } = useParams();
  const id = idParam(idText);
  if (id === null) return <UserNotFound idText={idText} />;
  return <AdminUser id={id} />;
}

/** An address of no user: said so, with no "Try again" (asking again gives the same answer). */
function UserNotFound({ idText }: { idText: string | undefined }) {
  return (
    <NotFound title="User not found" back={{ to: '/admin/users', label: 'All users' }}>
      <p>User {idText} does not exist.</p>
    </NotFound>
  );
}

function AdminUser({ id }: { id: number }) {
  const user = useUser(id);
  const backLink = (
    <Link to="/admin/users" className={styles.back}>
      <ArrowLeft aria-hidden="true" size={18} />
      All users
    </Link>
  );

  if (isApiError(user.error, 404)) return <UserNotFound idText={String(id)} />;
  // Once shown, the user stays when a later read fails (the server down).
  if (!hasData(user)) {
    return (
      <Page title="User">
        <QueryStatus query={user} failure="This user could not be loaded." />
        {backLink}
      </Page>
    );
  }

  const profile = user.data;
  return (
    <Page title={profile.nickname}>
      {backLink}
      <section className={section.section} aria-labelledby="user-profile">
        <div className={styles.identity}>
          <UserAvatar user={profile} size={72} />
          <h2 id="user-profile" className={section.sectionTitle}>
            Profile
          </h2>
        </div>
        <dl className={styles.details}>
          <Detail term="Nickname">{profile.nickname}</Detail>
          <Detail term="Steam id">{profile.steamId ?? '—'}</Detail>
          <Detail term="Lans visited">{profile.stats.numberOfLans ?? 'Hidden'}</Detail>
          {hasPersonalFields(profile) ? <PersonalDetails profile={profile} /> : null}
        </dl>
      </section>
      <section className={section.section} aria-label="Roles">
        <RoleEditor key={profile.id} user={profile} />
      </section>
      <EraseUser user={profile} />
    </Page>
  );
}

function PersonalDetails({ profile }: { profile: UserProfile }) {
  return (
    <>
      <Detail term="Email">
        {profile.email ? (
          <span className={styles.email}>
            {profile.email}
            {profile.isEmailActivated ? (
              <span className={styles.verified}>
                <BadgeCheck aria-hidden="true" size={16} /> verified
              </span>
            ) : (
              <span className={styles.unverified}>
                <TriangleAlert aria-hidden="true" size={16} /> not verified
              </span>
            )}
          </span>
        ) : (
          '—'
        )}
      </Detail>
      <Detail term="First name">{profile.firstName ?? '—'}</Detail>
      <Detail term="Surname">{profile.surname ?? '—'}</Detail>
      <Detail term="City">{profile.city ?? '—'}</Detail>
      <Detail term="Birth date">{profile.birthDate ?? '—'}</Detail>
      {/* The account's creation: when they signed up, whatever their roles are since. */}
      <Detail term="Signed up">{formatDisplayDate(profile.creationDate)}</Detail>
    </>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

import type { UserProfile } from '@lanparty/contract';
import { hasAnyRole, requiredRoles } from '@lanparty/contract/rules';
import { ClanTag } from '../../../components/clan-tag.tsx';
import section from '../../../components/section.module.css';
import { Link } from '../../../lib/router/index.tsx';

/**
 * The profile's Your Clan section (issue 34): the clan the user is in, a link to it; or,
 * for a lanner or member in none, the way to the clans to create or join one.
 */
export function YourClan({ user }: { user: UserProfile }) {
  const { clan } = user;
  if (!clan && !hasAnyRole(user.roles, requiredRoles.clans)) return null;
  return (
    <section className={section.section} aria-labelledby="your-clan">
      <h2 id="your-clan" className={section.sectionTitle}>
        Your Clan
      </h2>
      {clan ? (
        <p>
          You are in <Link to={`/clans/${clan.id}`}>{clan.name}</Link>
          <ClanTag clan={clan} />
        </p>
      ) : (
        <p>
          You are in no clan. <Link to="/clans">Create a clan</Link>, or ask a friend for their
          clan’s invite link.
        </p>
      )}
    </section>
  );
}

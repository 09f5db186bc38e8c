import { Page } from '../../../components/page.tsx';
import { type Prefetch, started } from '../../../lib/page-reads.ts';
import { useSearchParams } from '../../../lib/router/index.tsx';
import { allUsersQueryOptions } from '../../../lib/users/list-users.ts';
import {
  lannersFilter,
  membersFilter,
  useLannersWithoutMembership,
  useMembers,
} from '../api/get-lanners.ts';
import { LannerGroup, type LannerOrder } from '../components/lanner-group.tsx';
import styles from './lanners-route.module.css';

/** The members' cards on the first screen (about four on a phone, eight on a wide screen). */
const FIRST_SCREEN_CARDS = 8;

/** The page's first reads (app/router.tsx): the two lists its hooks ask for. */
export const lannersReads: Prefetch = (_params, queryClient) => {
  started(queryClient.ensureQueryData(allUsersQueryOptions(membersFilter)));
  started(queryClient.ensureQueryData(allUsersQueryOptions(lannersFilter)));
};

/** lanners: Members, then Lanners who are not members, as grids of avatar cards. */
export function LannersRoute() {
  const members = useMembers();
  const lanners = useLannersWithoutMembership();
  const [searchParams, setSearchParams] = useSearchParams();
  const order: LannerOrder = searchParams.get('sort') === 'lans' ? 'lansAttended' : 'nickname';
  const choose = (next: LannerOrder) =>
    setSearchParams(next === 'lansAttended' ? { sort: 'lans' } : {}, { replace: true });
  return (
    <Page title="Lanners" lead="The people of our lan parties: members first, then every lanner.">
      <fieldset className={styles.order}>
        <legend className={styles.legend}>Sort by</legend>
        {(
          [
            ['nickname', 'Nickname'],
            ['lansAttended', 'Lans attended'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="lanner-order"
              checked={order === value}
              onChange={() => choose(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <LannerGroup
        order={order}
        title="Members"
        emptyText="There are no members yet."
        users={members}
        eagerAvatars={FIRST_SCREEN_CARDS}
      />
      {/* Shown once the members are: arriving later, they would push it down the screen. */}
      {members.isPending ? null : (
        <LannerGroup
          title="Lanners"
          order={order}
          emptyText="There are no other lanners yet."
          users={lanners}
        />
      )}
    </Page>
  );
}

import type { Clan } from '@lanparty/contract';
import { requiredRoles } from '@lanparty/contract/rules';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { NotFound } from '../../../components/not-found.tsx';
import { Page } from '../../../components/page.tsx';
import { hasData, QueryStatus } from '../../../components/query-status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { idParam } from '../../../lib/id-param.ts';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useClan } from '../api/get-clan.ts';
import { ClanMembers } from '../components/clan-members.tsx';
import styles from '../components/clan-page.module.css';
import { ClanSettings } from '../components/clan-settings.tsx';
import { InviteLink } from '../components/invite-link.tsx';
import { LeaveClan } from '../components/leave-clan.tsx';

/** An address of no clan (never made, or disbanded): said so, without "Try again". */
export function ClanNotFound({ idText }: { idText: string | undefined }) {
  return (
    <NotFound title="Clan not found" back={{ to: '/clans', label: 'All clans' }}>
      <p>Clan {idText} does not exist: it may have been disbanded.</p>
    </NotFound>
  );
}

/** The clan's colour and tag, how many members it has and since when. */
export function ClanIdentity({ clan }: { clan: Clan }) {
  const count = clan.members.length;
  return (
    <span className={styles.identity}>
      <span className={styles.swatch} style={{ background: clan.colour }} aria-hidden="true" />
      <span>
        Tag <span className={styles.tag}>{clan.tag}</span>
      </span>
      <span>{count === 1 ? '1 member' : `${count} members`}</span>
      <span>since {formatDisplayDate(clan.creationDate)}</span>
    </span>
  );
}

export const backToClans = (
  <Link to="/clans" className={styles.back}>
    <ArrowLeft aria-hidden="true" size={18} />
    All clans
  </Link>
);

/**
 * clans/:id: a clan, its members and the coming lans each is at. Its leader (and member
 * administrators: whoever the server gives the invite code to) runs it here; a member can
 * leave it.
 */
export function ClanRoute() {
  const { id: idText } = useParams();
  const id = idParam(idText);
  if (id === null) return <ClanNotFound idText={idText} />;
  return <ClanPage id={id} />;
}

function ClanPage({ id }: { id: number }) {
  // Once the viewer has disbanded or left it, the clan is not read again on the way out
  // (its live event would ask, and a disbanded clan answers 404).
  const [hasLeft, setHasLeft] = useState(false);
  const clan = useClan(id, { isEnabled: !hasLeft });
  const viewer = useViewer();
  const { user } = viewer;

  if (isApiError(clan.error, 404)) return <ClanNotFound idText={String(id)} />;
  if (!hasData(clan)) {
    return (
      <Page title="Clan">
        {backToClans}
        <QueryStatus query={clan} failure="This clan could not be loaded." />
      </Page>
    );
  }

  const { data } = clan;
  const isMember = data.members.some((member) => member.user.id === user?.id);
  return (
    <Page title={data.name} lead={<ClanIdentity clan={data} />}>
      {backToClans}
      <ClanMembers clan={data} canLead={data.code !== null}>
        {user && isMember ? (
          <LeaveClan clan={data} userId={user.id} onLeft={() => setHasLeft(true)} />
        ) : null}
        {user && !user.clan && viewer.hasAnyRole(requiredRoles.clans) ? (
          <p className={styles.muted}>
            Want to join? Ask {data.members[0]?.user.nickname ?? 'its leader'} for the clan’s invite
            link.
          </p>
        ) : null}
      </ClanMembers>
      {data.code !== null ? <InviteLink clan={data} code={data.code} /> : null}
      {data.code !== null ? (
        <ClanSettings clan={data} onDisbanded={() => setHasLeft(true)} />
      ) : null}
    </Page>
  );
}

import type { Clan } from '@lanparty/contract';
import { requiredRoles } from '@lanparty/contract/rules';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import { Page } from '../../../components/page.tsx';
import { hasData, QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { idParam } from '../../../lib/id-param.ts';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { Link, useNavigate, useParams } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useClan } from '../api/get-clan.ts';
import { useJoinClan } from '../api/join-clan.ts';
import styles from '../components/clan-page.module.css';
import { ClanIdentity, ClanNotFound } from './clan-route.tsx';

/**
 * clans/:id/join/:code: where a clan's invite link leads. It names the clan and asks
 * before joining; the server checks the code, and says why when it refuses (a link that
 * ended, a clan the viewer is in already). The clan's page follows a join.
 */
export function ClanJoinRoute() {
  const { id: idText, code = '' } = useParams();
  const id = idParam(idText);
  if (id === null) return <ClanNotFound idText={idText} />;
  return <JoinClan id={id} code={code} />;
}

function JoinClan({ id, code }: { id: number; code: string }) {
  const clan = useClan(id);
  if (isApiError(clan.error, 404)) return <ClanNotFound idText={String(id)} />;
  if (!hasData(clan)) {
    return (
      <Page title="Join a clan">
        <QueryStatus query={clan} failure="This clan could not be loaded." />
      </Page>
    );
  }
  return (
    <Page title={`Join ${clan.data.name}`} heading={`Join ${clan.data.name}?`}>
      <section className={section.section} aria-label={clan.data.name}>
        <ClanIdentity clan={clan.data} />
        <p>
          Led by {clan.data.members[0]?.user.nickname}. Its tag stands beside its members’
          nicknames, and its seat managers can seat its members together at lans.
        </p>
        <JoinAnswer clan={clan.data} code={code} />
      </section>
    </Page>
  );
}

/** The Join button, or why there is none for this viewer. */
function JoinAnswer({ clan, code }: { clan: Clan; code: string }) {
  const viewer = useViewer();
  const joinClan = useJoinClan();
  const navigate = useNavigate();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const ownClan = viewer.user?.clan ?? null;
  const isIn = clan.members.some((member) => member.user.id === viewer.user?.id);

  if (isIn || ownClan?.id === clan.id) {
    return (
      <p>
        You are in {clan.name} already. <Link to={`/clans/${clan.id}`}>Go to {clan.name}</Link>
      </p>
    );
  }
  if (ownClan) {
    return (
      <p>
        You are in <Link to={`/clans/${ownClan.id}`}>{ownClan.name}</Link> already: leave it before
        you join another clan.
      </p>
    );
  }
  if (!viewer.hasAnyRole(requiredRoles.clans)) {
    return (
      <p>
        Only lanners and members can be in a clan. Once an administrator has made you a lanner, open
        this link again to join.
      </p>
    );
  }

  function join() {
    setError(null);
    joinClan.mutate(
      { id: clan.id, code },
      {
        onSuccess: (joined) => {
          notify({
            severity: 'Success',
            message: `Welcome to ${joined.name}!`,
            keepOnNextNavigation: true,
          });
          navigate(`/clans/${joined.id}`, { replace: true });
        },
        onError: (failure) => setError(`You did not join: ${describeError(failure)}`),
      },
    );
  }

  return (
    <>
      <AlertText message={error} />
      <div className={controls.actions}>
        <button
          type="button"
          className={controls.button}
          onClick={join}
          disabled={joinClan.isPending}
        >
          {joinClan.isPending ? 'Joining…' : `Join ${clan.name}`}
        </button>
        <Link to={`/clans/${clan.id}`} className={styles.back}>
          See the clan first
        </Link>
      </div>
    </>
  );
}

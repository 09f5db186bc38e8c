import type { Clan, ClanListItem } from '@lanparty/contract';
import { requiredRoles } from '@lanparty/contract/rules';
import { useId } from 'react';
import { Page } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { useNotify } from '../../../lib/notifications/notifications.tsx';
import { Link, Navigate, useNavigate, useSearchParams } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useCreateClan } from '../api/create-clan.ts';
import { useClans } from '../api/list-clans.ts';
import { ClanForm, DEFAULT_CLAN_COLOUR } from '../components/clan-form.tsx';
import styles from './clans-route.module.css';

export const CLANS_PAGE_SIZE = 20;

const pageRequest = (page: number) => ({
  offset: (page - 1) * CLANS_PAGE_SIZE,
  limit: CLANS_PAGE_SIZE,
});

const readPage = (text: string | null) => Math.max(1, Math.floor(Number(text)) || 1);

/**
 * clans: every clan by name, twenty to a page (the page in the address), with its tag,
 * colour and how many members it has; and, for a lanner or member in no clan, the form
 * that creates one, led by them.
 */
export function ClansRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const clans = useClans(pageRequest(page));
  const viewer = useViewer();
  const ownClan = viewer.user?.clan ?? null;
  const mayCreate = viewer.hasAnyRole(requiredRoles.clans) && ownClan === null;

  const total = clans.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CLANS_PAGE_SIZE));
  if (clans.isSuccess && page > pageCount) {
    return <Navigate to={`/clans${pageCount > 1 ? `?page=${pageCount}` : ''}`} replace />;
  }

  return (
    <Page title="Clans" lead="Friends who come to our lans together, and sit together.">
      <div className={styles.layout}>
        <section className={styles.list} aria-label="All clans">
          {ownClan ? (
            <p className={styles.own}>
              You are in <Link to={`/clans/${ownClan.id}`}>{ownClan.name}</Link>.
            </p>
          ) : null}
          <QueryStatus query={clans} failure="The clans could not be loaded." />
          {clans.data ? (
            <>
              {clans.data.items.length > 0 ? (
                <ul className={styles.clans}>
                  {clans.data.items.map((clan) => (
                    <li key={clan.id}>
                      <ClanCard clan={clan} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.empty}>
                  There are no clans yet.{mayCreate ? ' Be the first: create one.' : ''}
                </p>
              )}
              <Pager
                page={page}
                pageCount={pageCount}
                onGoTo={(next) =>
                  setSearchParams(next > 1 ? { page: String(next) } : {}, { replace: true })
                }
              />
            </>
          ) : null}
        </section>
        {mayCreate ? <CreateClan /> : null}
      </div>
    </Page>
  );
}

/** A clan in the list: its colour and tag, its name (a link to it) and member count. */
function ClanCard({ clan }: { clan: ClanListItem }) {
  return (
    <article className={styles.card} aria-labelledby={`clan-${clan.id}`}>
      <span className={styles.swatch} style={{ background: clan.colour }} aria-hidden="true" />
      <div className={styles.cardText}>
        <h2 id={`clan-${clan.id}`} className={styles.name}>
          <Link to={`/clans/${clan.id}`}>{clan.name}</Link>
        </h2>
        <p className={styles.meta}>
          <span className={styles.tag}>{clan.tag}</span>
          <span>{clan.memberCount === 1 ? '1 member' : `${clan.memberCount} members`}</span>
        </p>
      </div>
    </article>
  );
}

/** The form that creates a clan led by the viewer; the new clan's page follows. */
function CreateClan() {
  const headingId = useId();
  const createClan = useCreateClan();
  const navigate = useNavigate();
  const notify = useNotify();

  function openCreated(clan: Clan) {
    notify({
      severity: 'Success',
      message: `${clan.name} is created: send your friends its invite link.`,
      keepOnNextNavigation: true,
    });
    navigate(`/clans/${clan.id}`);
  }

  return (
    <section className={section.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.sectionTitle}>
        Create a clan
      </h2>
      <p className={styles.muted}>You lead it: you invite your friends with its link.</p>
      <ClanForm
        label="New clan"
        initialValues={{ name: '', tag: '', colour: DEFAULT_CLAN_COLOUR }}
        submitLabel="Create clan"
        failure="The clan could not be created"
        onSave={(clan) => createClan.mutateAsync(clan)}
        onSaved={openCreated}
      />
    </section>
  );
}

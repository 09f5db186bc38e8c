import type { Lan } from '@lanparty/contract';
import { isLanOpen, requiredRoles } from '@lanparty/contract/rules';
import { lazy, Suspense, useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { Link, useNavigate } from '../../../lib/router/index.tsx';
import { useLanTournaments } from '../../../lib/tournaments/get-tournaments.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { tournamentRulesText, tournamentStateText } from './tournament-texts.ts';
import styles from './tournaments.module.css';

// The form (and the validation it brings) for lan administrators making one, once they ask:
// every other visitor of a lan's page would download and run it for nothing.
const TournamentForm = lazy(() =>
  import('./tournament-form.tsx').then((module) => ({ default: module.TournamentForm })),
);

/**
 * A lan's tournaments on its page (issue 37): each with its game, rules and where it
 * stands, linking to its bracket. Lan administrators make one here while the lan is open.
 */
export function LanTournaments({ lan }: { lan: Lan }) {
  const tournaments = useLanTournaments(lan.id);
  const viewer = useViewer();
  const headingId = useId();
  const [isMaking, setIsMaking] = useState(false);
  const navigate = useNavigate();
  const create = useTournamentAction(tournamentActions.create);
  const mayMake = viewer.hasAnyRole(requiredRoles.lanManagement) && isLanOpen(lan);
  const items = tournaments.data ?? [];
  if (items.length === 0 && !mayMake) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} id="tournaments">
      <h3 id={headingId} className={styles.heading}>
        Tournaments
      </h3>
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((tournament) => (
            <li key={tournament.id} className={styles.card}>
              <Link to={`/tournaments/${tournament.id}`} className={styles.cardTitle}>
                {tournament.name}
              </Link>
              <span>{tournament.game.name}</span>
              <span className={styles.muted}>{tournamentRulesText(tournament)}</span>
              <span className={styles.state}>{tournamentStateText(tournament)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No tournaments yet.</p>
      )}
      {mayMake ? (
        isMaking ? (
          <>
            <h4 className={styles.subheading}>New tournament</h4>
            <Suspense fallback={<p className={styles.muted}>Loading the form…</p>}>
              <TournamentForm
                label="New tournament"
                submitLabel="Make the tournament"
                onSave={(input) => create.mutateAsync({ lanId: lan.id, input })}
                onSaved={(made) => navigate(`/tournaments/${made.id}`)}
              />
            </Suspense>
          </>
        ) : (
          <div className={controls.actions}>
            <button
              type="button"
              className={controls.buttonSecondary}
              onClick={() => setIsMaking(true)}
            >
              New tournament
            </button>
          </div>
        )
      ) : null}
    </section>
  );
}

import type { Tournament, TournamentEntry } from '@lanparty/contract';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import styles from './tournaments.module.css';

/*
 * A team's members before the start (issue 50, decision 046): those its captain names are
 * invited and join by accepting; a member leaves, and the captain withdraws an invitation
 * or takes a member out, until the start.
 */

/** What a button pressed here does, its refusal said beside it. */
function useRun() {
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  return { error, run };
}

/** "Boost Goblins invited you — Join / Decline", for each team that asked the viewer. */
export function YourInvitations({ tournament }: { tournament: Tournament }) {
  const userId = useViewer().user?.id;
  const join = useTournamentAction(tournamentActions.join);
  const decline = useTournamentAction(tournamentActions.removeMember);
  const { error, run } = useRun();
  const asking = tournament.entries.filter((entry) =>
    entry.invited.some((invited) => invited.userId === userId),
  );
  if (userId === undefined || asking.length === 0) return null;
  const isBusy = join.isPending || decline.isPending;
  return (
    <div className={styles.card}>
      <ul className={styles.list} aria-label="Your invitations">
        {asking.map((entry) => {
          const target = { id: tournament.id, entryId: entry.id, userId };
          return (
            <li key={entry.id} className={styles.row}>
              <span>
                <strong>{entry.name}</strong> invited you
              </span>
              <button
                type="button"
                className={controls.button}
                disabled={isBusy}
                onClick={() => run(() => join.mutateAsync(target))}
              >
                Join <span className="visually-hidden">{entry.name}</span>
              </button>
              <button
                type="button"
                className={controls.buttonSecondary}
                disabled={isBusy}
                onClick={() => run(() => decline.mutateAsync(target))}
              >
                Decline <span className="visually-hidden">{entry.name}’s invitation</span>
              </button>
            </li>
          );
        })}
      </ul>
      <AlertText message={error} />
    </div>
  );
}

/**
 * One's own team before the start: who has not answered yet (its captain withdraws an
 * invitation or takes a member out) and, for a member, the way out.
 */
export function OwnTeam({ tournament, entry }: { tournament: Tournament; entry: TournamentEntry }) {
  const userId = useViewer().user?.id;
  const remove = useTournamentAction(tournamentActions.removeMember);
  const { error, run } = useRun();
  if (userId === undefined) return null;
  const isCaptain = entry.captainId === userId;
  const removing = (who: number) => () =>
    run(() => remove.mutateAsync({ id: tournament.id, entryId: entry.id, userId: who }));
  const others = entry.members.filter((member) => member.userId !== userId);
  return (
    <>
      {entry.invited.length > 0 ? (
        <p>
          Invited, not joined yet: {entry.invited.map((invited) => invited.nickname).join(', ')}.
          {entry.members.length + entry.invited.length >= tournament.teamSize
            ? ''
            : ` The team has ${entry.members.length} of ${tournament.teamSize} players.`}
        </p>
      ) : entry.members.length < tournament.teamSize ? (
        <p>
          The team has {entry.members.length} of {tournament.teamSize} players.
        </p>
      ) : null}
      <div className={controls.actions}>
        {isCaptain ? (
          [
            ...entry.invited.map((invited) => (
              <button
                key={`invited-${invited.userId}`}
                type="button"
                className={controls.buttonSecondary}
                disabled={remove.isPending}
                onClick={removing(invited.userId)}
              >
                Withdraw the invitation{' '}
                <span className="visually-hidden">to {invited.nickname}</span>
              </button>
            )),
            ...others.map((member) => (
              <button
                key={`member-${member.userId}`}
                type="button"
                className={controls.buttonSecondary}
                disabled={remove.isPending}
                onClick={removing(member.userId)}
              >
                Take out <span className="visually-hidden">{member.nickname}</span>
              </button>
            )),
          ]
        ) : (
          <button
            type="button"
            className={controls.buttonSecondary}
            disabled={remove.isPending}
            onClick={removing(userId)}
          >
            Leave the team
          </button>
        )}
      </div>
      <AlertText message={error} />
    </>
  );
}

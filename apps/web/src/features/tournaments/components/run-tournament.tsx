import type { Tournament } from '@lanparty/contract';
import { useEffect, useRef, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useNavigate } from '../../../lib/router/index.tsx';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { TournamentForm } from './tournament-form.tsx';
import { Section } from './tournament-section.tsx';
import styles from './tournaments.module.css';

/** A lan administrator's controls: the start (at random or in an order), the rules, deleting it. */
export function RunTournament({ tournament }: { tournament: Tournament }) {
  const [order, setOrder] = useState<number[] | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isChanging, setIsChanging] = useState(false);
  const rulesHeadingRef = useRef<HTMLHeadingElement>(null);
  const changeButtonRef = useRef<HTMLButtonElement>(null);
  const wasChanging = useRef(false);
  const stopChanging = () => setIsChanging(false);
  // Into the rules as they open; back to the button that opened them as they close.
  useEffect(() => {
    if (isChanging) rulesHeadingRef.current?.focus();
    else if (wasChanging.current) changeButtonRef.current?.focus();
    wasChanging.current = isChanging;
  }, [isChanging]);
  const [error, setError] = useState<string | null>(null);
  const start = useTournamentAction(tournamentActions.start);
  const change = useTournamentAction(tournamentActions.change);
  const remove = useTournamentAction(tournamentActions.remove);
  const navigate = useNavigate();
  const entries = order ?? tournament.entries.map((entry) => entry.id);
  const nameOf = (entryId: number) =>
    tournament.entries.find((entry) => entry.id === entryId)?.name;
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  const move = (index: number, by: number) => {
    const next = [...entries];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as number);
    setOrder(next);
  };
  // Who would play: entries that did not check in (where asked) give their matches away.
  const starters = tournament.entries.filter(
    (entry) => !tournament.checkIn || entry.checkedIn,
  ).length;
  const disputed = tournament.groups
    .flatMap((group) => group.rounds.flatMap((round) => round.matches))
    .filter((match) => match.disputed).length;
  return (
    <Section title="Run the tournament">
      {disputed > 0 ? (
        <p className={styles.bad}>
          {disputed === 1 ? 'One match is' : `${disputed} matches are`} disputed: set the result in
          the bracket.
        </p>
      ) : null}
      {tournament.state === 'open' && starters < 2 ? (
        <p className={styles.muted}>
          It starts with at least 2 entries{tournament.checkIn ? ' checked in' : ''}:{' '}
          {starters === 0 ? 'none' : starters} so far.
        </p>
      ) : null}
      {tournament.state === 'open' && starters >= 2 ? (
        <>
          {order ? (
            <ol className={styles.list} aria-label="Seeding, best seed first">
              {entries.map((entryId, index) => (
                <li key={entryId} className={styles.row}>
                  <span>
                    {index + 1}. {nameOf(entryId)}
                  </span>
                  <button
                    type="button"
                    className={controls.buttonSecondary}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Up<span className="visually-hidden">: {nameOf(entryId)}</span>
                  </button>
                  <button
                    type="button"
                    className={controls.buttonSecondary}
                    disabled={index === entries.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Down<span className="visually-hidden">: {nameOf(entryId)}</span>
                  </button>
                </li>
              ))}
            </ol>
          ) : null}
          <div className={controls.actions}>
            <button
              type="button"
              className={controls.button}
              disabled={start.isPending}
              onClick={() =>
                run(() =>
                  start.mutateAsync({
                    id: tournament.id,
                    input: order
                      ? { seeding: 'ordered', entryIds: entries }
                      : { seeding: 'random' },
                  }),
                )
              }
            >
              {order ? 'Start in this order' : 'Start with a random draw'}
            </button>
            {order ? null : (
              <button
                type="button"
                className={controls.buttonSecondary}
                onClick={() => setOrder(entries)}
              >
                Seed by hand
              </button>
            )}
          </div>
        </>
      ) : null}
      {isChanging ? (
        <>
          <h3 className={styles.subheading} ref={rulesHeadingRef} tabIndex={-1}>
            The rules
          </h3>
          <TournamentForm
            label="The rules"
            initial={tournament}
            submitLabel="Save the rules"
            onSave={(input) => change.mutateAsync({ id: tournament.id, input })}
            onSaved={stopChanging}
          />
        </>
      ) : null}
      <div className={controls.actions}>
        {isChanging ? (
          <button type="button" className={controls.buttonSecondary} onClick={stopChanging}>
            Leave the rules as they are
          </button>
        ) : (
          <button
            type="button"
            ref={changeButtonRef}
            className={controls.buttonSecondary}
            onClick={() => setIsChanging(true)}
          >
            Change the rules
          </button>
        )}
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={() => setIsDeleting(true)}
        >
          Delete the tournament
        </button>
      </div>
      <AlertText message={error} />
      <ConfirmDialog
        isOpen={isDeleting}
        title={`Delete ${tournament.name}?`}
        confirmLabel="Delete it"
        isBusy={remove.isPending}
        onCancel={() => setIsDeleting(false)}
        onConfirm={() =>
          run(async () => {
            await remove.mutateAsync({ id: tournament.id });
            setIsDeleting(false);
            navigate(`/lans/${tournament.lanId}#tournaments`);
          })
        }
      >
        <p>Its entries, bracket and results go with it.</p>
      </ConfirmDialog>
    </Section>
  );
}

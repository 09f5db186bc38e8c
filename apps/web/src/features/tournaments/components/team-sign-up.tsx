import type { Tournament } from '@lanparty/contract';
import { requiredRoles } from '@lanparty/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { useLanParticipants } from '../api/lan-participants.ts';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import styles from './tournaments.module.css';

const players = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * A team's sign-up: its name (or the captain's clan) and its players among the lan's
 * participants not in an entry yet. One who holds a place captains it and invites the
 * others; a lan administrator may instead enter a team they do not play in (all of it
 * picked, the first its captain, in at once), and must where they hold no place.
 */
export function TeamSignUp({
  tournament,
  holdsPlace,
}: {
  tournament: Tournament;
  /** Whether the viewer holds a place at the lan (Accepted or Paid): may play in it. */
  holdsPlace: boolean;
}) {
  const id = useId();
  const viewer = useViewer();
  const isAdministrator = viewer.hasAnyRole(requiredRoles.lanManagement);
  const enter = useTournamentAction(tournamentActions.enter);
  const [name, setName] = useState('');
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [asClan, setAsClan] = useState(false);
  const [wantsToPlay, setWantsToPlay] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const participants = useLanParticipants(tournament.lanId);
  const playsIn = holdsPlace && wantsToPlay;
  const taken = new Set(tournament.entries.flatMap((entry) => entry.members.map((m) => m.userId)));
  const clan = playsIn ? (viewer.user?.clan ?? null) : null;
  const choices = (participants.data ?? []).filter(
    (person) => person.id !== viewer.user?.id && !taken.has(person.id),
  );
  const needed = playsIn ? tournament.teamSize - 1 : tournament.teamSize;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (memberIds.length !== needed) {
      const picked = memberIds.length === 0 ? '' : `; ${memberIds.length} picked`;
      setError(
        playsIn
          ? `Pick ${players(needed, 'teammate')}${picked}.`
          : `Pick the team’s ${players(needed, 'player')}${picked}.`,
      );
      return;
    }
    // A lan administrator's list is the whole team: they are in it only when named.
    const selfId = viewer.user?.id;
    const team = playsIn && isAdministrator && selfId ? [selfId, ...memberIds] : memberIds;
    try {
      await enter.mutateAsync({
        id: tournament.id,
        input: { ...(asClan && clan ? { clanId: clan.id } : { name }), memberIds: team },
      });
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  return (
    <form
      className={forms.form}
      onSubmit={submit}
      aria-label={playsIn ? 'Sign up a team' : 'Enter a team'}
      noValidate
    >
      <div className={forms.fields}>
        {isAdministrator && holdsPlace ? (
          <label className={forms.checkbox}>
            <input
              type="checkbox"
              checked={wantsToPlay}
              onChange={(event) => {
                setWantsToPlay(event.target.checked);
                setAsClan(false);
              }}
            />
            <span>I play in this team (its captain)</span>
          </label>
        ) : null}
        {clan ? (
          <label className={forms.checkbox}>
            <input
              type="checkbox"
              checked={asClan}
              onChange={(event) => setAsClan(event.target.checked)}
            />
            <span>
              Enter as my clan, [{clan.tag}] {clan.name}
            </span>
          </label>
        ) : null}
        {asClan && clan ? null : (
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-name`}>
              Team name
            </label>
            <input
              id={`${id}-name`}
              className={forms.input}
              value={name}
              maxLength={40}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
            />
          </div>
        )}
        <fieldset className={`${forms.field} ${styles.picks}`}>
          <legend className={forms.label}>
            {playsIn
              ? `Your ${needed === 1 ? 'teammate' : `${needed} teammates`}`
              : `Its ${needed} players, the first picked its captain`}{' '}
            ({memberIds.length} picked)
          </legend>
          {participants.isPending ? (
            <p className={forms.hint}>Loading the lan’s participants…</p>
          ) : null}
          {choices.length === 0 && !participants.isPending ? (
            <p className={forms.hint}>Every participant of the lan is in an entry already.</p>
          ) : null}
          {choices.map((person) => (
            <label key={person.id} className={forms.checkbox}>
              <input
                type="checkbox"
                checked={memberIds.includes(person.id)}
                onChange={(event) =>
                  setMemberIds((current) =>
                    event.target.checked
                      ? [...current, person.id]
                      : current.filter((memberId) => memberId !== person.id),
                  )
                }
              />
              <span>{person.nickname}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <AlertText message={error} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={enter.isPending}>
          {playsIn ? 'Sign up the team' : 'Enter the team'}
        </button>
      </div>
    </form>
  );
}

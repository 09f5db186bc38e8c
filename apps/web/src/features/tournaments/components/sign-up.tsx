import type { Tournament } from '@lanparty/contract';
import { isPlaceTaking, requiredRoles } from '@lanparty/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { useMySubscriptions } from '../../../lib/users/list-my-subscriptions.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { useLanParticipants } from '../api/lan-participants.ts';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { OwnTeam, YourInvitations } from './team-invitations.tsx';
import { TeamSignUp } from './team-sign-up.tsx';
import { isSignUpClosed } from './tournament-texts.ts';
import styles from './tournaments.module.css';

/**
 * Signing up before the start (issue 37): alone with one button; a team's captain names it
 * and invites its members among the lan's participants not in it yet (or enters as their
 * clan), who join by accepting. An entry's captain withdraws it; its members check it in
 * where asked, and leave it. Only what the viewer may do is offered (issue 51): those who
 * hold no place at the lan (Accepted or Paid) are told so; lan administrators may enter
 * participants, after the close too, and sign themselves up where they hold a place.
 */
export function SignUp({ tournament }: { tournament: Tournament }) {
  const viewer = useViewer();
  const user = viewer.user;
  const withdraw = useTournamentAction(tournamentActions.withdraw);
  const checkIn = useTournamentAction(tournamentActions.checkIn);
  const [error, setError] = useState<string | null>(null);
  const own = tournament.entries.find((entry) =>
    entry.members.some((member) => member.userId === user?.id),
  );
  const subscriptions = useMySubscriptions({ enabled: user !== null && own === undefined });
  if (!user) return <p>Sign in to sign up.</p>;
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  if (own)
    return (
      <div className={styles.card}>
        <p>
          You are in as <strong>{own.name}</strong>
          {tournament.checkIn ? (own.checkedIn ? ', checked in.' : ', not checked in yet.') : '.'}
        </p>
        <div className={controls.actions}>
          {tournament.checkIn && !own.checkedIn ? (
            <button
              type="button"
              className={controls.button}
              disabled={checkIn.isPending}
              onClick={() => run(() => checkIn.mutateAsync({ id: tournament.id, entryId: own.id }))}
            >
              Check in
            </button>
          ) : null}
          {own.captainId === user.id ? (
            <button
              type="button"
              className={controls.buttonSecondary}
              disabled={withdraw.isPending}
              onClick={() =>
                run(() => withdraw.mutateAsync({ id: tournament.id, entryId: own.id }))
              }
            >
              Withdraw {tournament.teamSize > 1 ? 'the team' : ''}
            </button>
          ) : null}
        </div>
        <AlertText message={error} />
        {tournament.teamSize > 1 ? <OwnTeam tournament={tournament} entry={own} /> : null}
      </div>
    );
  const isAdministrator = viewer.hasAnyRole(requiredRoles.lanManagement);
  const closesAt = tournament.signUpClosesAt;
  const isClosed = isSignUpClosed(tournament);
  // Invitations stand when sign-up has closed or is full: the team holds its place already.
  if (tournament.entryCount >= tournament.maxEntrants)
    return (
      <>
        <YourInvitations tournament={tournament} />
        <p>The tournament is full: {tournament.maxEntrants} entries have signed up.</p>
      </>
    );
  if (closesAt && isClosed && !isAdministrator)
    return (
      <>
        <YourInvitations tournament={tournament} />
        <p>Sign-up closed on {formatCommunityDateTime(closesAt)}.</p>
      </>
    );
  if (subscriptions.isPending)
    return <p className={styles.muted}>Looking up your place at {tournament.lanName}…</p>;
  const subscription = subscriptions.data?.find((each) => each.lan.id === tournament.lanId);
  // Unknown when the read failed: the server then says why, if it refuses.
  const holdsPlace = subscriptions.isError || (subscription && isPlaceTaking(subscription.status));
  const noPlace = `You hold no place at ${tournament.lanName}: its tournaments are for its participants (Accepted or Paid)`;
  if (!holdsPlace && !isAdministrator)
    return (
      <>
        <YourInvitations tournament={tournament} />
        <p>
          {subscription?.status === 'Pending'
            ? `Your place at ${tournament.lanName} is not confirmed yet: you may sign up once it is accepted.`
            : `${noPlace}.`}
        </p>
      </>
    );
  return (
    <>
      <YourInvitations tournament={tournament} />
      {closesAt ? (
        <p className={styles.muted}>
          Sign-up {isClosed ? 'closed' : 'closes'} on {formatCommunityDateTime(closesAt)}
          {isClosed
            ? `: as a lan administrator you may still ${holdsPlace ? 'sign up' : 'enter participants'}.`
            : '.'}
        </p>
      ) : null}
      {holdsPlace ? null : <p>{noPlace}; as a lan administrator you may enter them.</p>}
      {tournament.teamSize > 1 ? (
        <TeamSignUp tournament={tournament} holdsPlace={Boolean(holdsPlace)} />
      ) : (
        <>
          {holdsPlace ? <SignUpAlone tournament={tournament} /> : null}
          {isAdministrator ? <EnterParticipant tournament={tournament} /> : null}
        </>
      )}
    </>
  );
}

function SignUpAlone({ tournament }: { tournament: Tournament }) {
  const enter = useTournamentAction(tournamentActions.enter);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={controls.actions}>
      <button
        type="button"
        className={controls.button}
        disabled={enter.isPending}
        onClick={async () => {
          setError(null);
          try {
            await enter.mutateAsync({ id: tournament.id, input: {} });
          } catch (failure) {
            setError(describeError(failure));
          }
        }}
      >
        Sign up
      </button>
      <AlertText message={error} />
    </div>
  );
}

/** A lan administrator enters one of the lan's participants not in yet (they are in at once). */
function EnterParticipant({ tournament }: { tournament: Tournament }) {
  const id = useId();
  const viewerId = useViewer().user?.id;
  const enter = useTournamentAction(tournamentActions.enter);
  const participants = useLanParticipants(tournament.lanId);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const taken = new Set(tournament.entries.flatMap((entry) => entry.members.map((m) => m.userId)));
  const choices = (participants.data ?? []).filter(
    (person) => person.id !== viewerId && !taken.has(person.id),
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (chosen === '') {
      setError('Choose the participant to enter.');
      return;
    }
    try {
      await enter.mutateAsync({ id: tournament.id, input: { memberIds: [Number(chosen)] } });
      setChosen('');
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  return (
    <form className={forms.form} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.subheading}>
        Enter a participant
      </h3>
      {participants.isPending ? (
        <p className={forms.hint}>Loading the lan’s participants…</p>
      ) : choices.length === 0 ? (
        <p className={forms.hint}>Every participant of the lan is in already.</p>
      ) : (
        <>
          <div className={`${forms.field} ${styles.narrow}`}>
            <label className={forms.label} htmlFor={`${id}-who`}>
              Participant
            </label>
            <select
              id={`${id}-who`}
              className={forms.input}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">Choose…</option>
              {choices.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.nickname}
                </option>
              ))}
            </select>
          </div>
          <AlertText message={error} />
          <div className={controls.actions}>
            <button type="submit" className={controls.buttonSecondary} disabled={enter.isPending}>
              Enter them
            </button>
          </div>
        </>
      )}
    </form>
  );
}

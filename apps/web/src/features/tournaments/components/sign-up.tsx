import type { Paged, Subscriber, Tournament } from '@lanparty/contract';
import { isPlaceTaking, requiredRoles } from '@lanparty/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { apiRequest } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { OwnTeam, YourInvitations } from './team-invitations.tsx';
import { isSignUpClosed } from './tournament-texts.ts';
import styles from './tournaments.module.css';

/** The lan's participants (Accepted or Paid), every page: whom a captain picks from. */
async function lanParticipants(lanId: number): Promise<{ id: number; nickname: string }[]> {
  const people: { id: number; nickname: string }[] = [];
  for (let offset = 0; offset < 2000; offset += 100) {
    const page = await apiRequest<Paged<Subscriber>>(`/api/lans/${lanId}/subscribers`, {
      query: { offset, limit: 100 },
    });
    for (const subscriber of page.items)
      if (isPlaceTaking(subscriber.status))
        people.push({ id: subscriber.user.id, nickname: subscriber.user.nickname });
    if (offset + page.items.length >= page.total) break;
  }
  return people;
}

/**
 * Signing up before the start (issue 37): alone with one button; a team's captain names it
 * and invites its members among the lan's participants not in it yet (or enters as their
 * clan), who join by accepting. An entry's captain withdraws it; its members check it in
 * where asked, and leave it.
 */
export function SignUp({ tournament }: { tournament: Tournament }) {
  const viewer = useViewer();
  const user = viewer.user;
  const enter = useTournamentAction(tournamentActions.enter);
  const withdraw = useTournamentAction(tournamentActions.withdraw);
  const checkIn = useTournamentAction(tournamentActions.checkIn);
  const [error, setError] = useState<string | null>(null);
  if (!user) return <p>Sign in to sign up.</p>;
  const own = tournament.entries.find((entry) =>
    entry.members.some((member) => member.userId === user.id),
  );
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
  if (closesAt && isClosed && !isAdministrator)
    return (
      <>
        <YourInvitations tournament={tournament} />
        <p>Sign-up closed on {formatCommunityDateTime(closesAt)}.</p>
      </>
    );
  const isFull = tournament.entryCount >= tournament.maxEntrants;
  if (isFull && !isAdministrator)
    return (
      <>
        <YourInvitations tournament={tournament} />
        <p>The tournament is full: {tournament.maxEntrants} entries have signed up.</p>
      </>
    );
  return (
    <>
      <YourInvitations tournament={tournament} />
      {closesAt ? (
        <p className={styles.muted}>
          Sign-up {isClosed ? 'closed' : 'closes'} on {formatCommunityDateTime(closesAt)}
          {isClosed ? ': as a lan administrator you may still sign up.' : '.'}
        </p>
      ) : null}
      {tournament.teamSize === 1 ? (
        <div className={controls.actions}>
          <button
            type="button"
            className={controls.button}
            disabled={enter.isPending}
            onClick={() => run(() => enter.mutateAsync({ id: tournament.id, input: {} }))}
          >
            Sign up
          </button>
          <AlertText message={error} />
        </div>
      ) : (
        <TeamSignUp tournament={tournament} />
      )}
    </>
  );
}

function TeamSignUp({ tournament }: { tournament: Tournament }) {
  const id = useId();
  const viewer = useViewer();
  const enter = useTournamentAction(tournamentActions.enter);
  const [name, setName] = useState('');
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [asClan, setAsClan] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const participants = useQuery({
    queryKey: ['tournaments', 'participants', tournament.lanId],
    queryFn: () => lanParticipants(tournament.lanId),
  });
  const taken = new Set(tournament.entries.flatMap((entry) => entry.members.map((m) => m.userId)));
  const clan = viewer.user?.clan ?? null;
  const choices = (participants.data ?? []).filter(
    (person) => person.id !== viewer.user?.id && !taken.has(person.id),
  );
  const needed = tournament.teamSize - 1;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await enter.mutateAsync({
        id: tournament.id,
        input: {
          ...(asClan && clan ? { clanId: clan.id } : { name }),
          memberIds,
        },
      });
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  return (
    <form className={forms.form} onSubmit={submit} aria-label="Sign up a team" noValidate>
      <div className={forms.fields}>
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
        {asClan ? null : (
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
        <fieldset className={forms.field}>
          <legend className={forms.label}>
            Your {needed === 1 ? 'teammate' : `${needed} teammates`} ({memberIds.length} picked)
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
          Sign up the team
        </button>
      </div>
    </form>
  );
}

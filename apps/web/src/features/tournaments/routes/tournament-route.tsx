import type { Tournament, TournamentEntry, TournamentMatch } from '@lanparty/contract';
import { formatScore, requiredRoles } from '@lanparty/contract/rules';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import { NotFound } from '../../../components/not-found.tsx';
import { Page } from '../../../components/page.tsx';
import { hasData, QueryStatus } from '../../../components/query-status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { idParam } from '../../../lib/id-param.ts';
import { type Prefetch, started } from '../../../lib/page-reads.ts';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { tournamentQueryOptions, useTournament } from '../../../lib/tournaments/get-tournaments.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { BracketView, sideName } from '../components/bracket-view.tsx';
import { ResultDialog } from '../components/match-forms.tsx';
import { RunTournament } from '../components/run-tournament.tsx';
import { SignUp } from '../components/sign-up.tsx';
import { Section } from '../components/tournament-section.tsx';
import { tournamentRulesText, tournamentStateText } from '../components/tournament-texts.ts';
import styles from '../components/tournaments.module.css';
import { YourMatch } from '../components/your-match.tsx';

const matchesOf = (tournament: Tournament) =>
  tournament.groups.flatMap((group) => group.rounds.flatMap((round) => round.matches));

const isPlayed = (match: TournamentMatch) =>
  (match.status === 'completed' || match.status === 'archived') && !match.sides.includes(null);

/** tournaments/:id's first read, started as the app starts there. */
export const tournamentReads: Prefetch = (params, queryClient) => {
  const id = idParam(params.id);
  if (id !== null) started(queryClient.ensureQueryData(tournamentQueryOptions(id)));
};

/**
 * tournaments/:id (issue 37): a tournament's rules and state; signing up before the start;
 * your match to report; the next matches with their players' seats; the bracket; the
 * results so far; the final standings. Lan administrators start it, set and correct
 * results, and delete it here. Every open page follows its `tournament` events.
 */
export function TournamentRoute() {
  const { id: idText } = useParams();
  const id = idParam(idText);
  if (id === null) return <TournamentNotFound idText={idText} />;
  return <TournamentPage id={id} />;
}

function TournamentNotFound({ idText }: { idText: string | undefined }) {
  return (
    <NotFound title="Tournament not found" back={{ to: '/lans/upcoming', label: 'Upcoming lans' }}>
      <p>Tournament {idText} does not exist: it may have been deleted.</p>
    </NotFound>
  );
}

function TournamentPage({ id }: { id: number }) {
  const tournament = useTournament(id);
  const viewer = useViewer();
  const isAdministrator = viewer.hasAnyRole(requiredRoles.lanManagement);
  const [resultOf, setResultOf] = useState<TournamentMatch | null>(null);
  if (isApiError(tournament.error, 404)) return <TournamentNotFound idText={String(id)} />;
  if (!hasData(tournament))
    return (
      <Page title="Tournament">
        <QueryStatus query={tournament} failure="This tournament could not be loaded." />
      </Page>
    );
  const data = tournament.data;
  const userId = viewer.user?.id;
  const ownEntry = data.entries.find((entry) => entry.captainId === userId);
  const ready = matchesOf(data).filter(
    (match) => match.status === 'ready' && !match.sides.includes(null),
  );
  // Match numbers start again each round: a button names its round too.
  const roundOf = new Map(
    data.groups.flatMap((group) =>
      group.rounds.flatMap((round) =>
        round.matches.map((match) => [match.id, round.name] as const),
      ),
    ),
  );
  return (
    <Page title={data.name} lead={`${data.game.name} · ${tournamentRulesText(data)}`}>
      <Link to={`/lans/${data.lanId}#tournaments`} className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} />
        {data.lanName}
      </Link>
      <p className={styles.state}>{tournamentStateText(data)}</p>

      {data.state === 'open' ? (
        <Section title="Sign-up">
          <SignUp tournament={data} />
        </Section>
      ) : null}

      {ownEntry && data.state !== 'open' ? (
        <YourMatch tournament={data} entryId={ownEntry.id} />
      ) : null}

      {isAdministrator ? <RunTournament tournament={data} /> : null}

      {data.state === 'finished' ? <Standings tournament={data} /> : null}

      {ready.length > 0 ? (
        <Section title="Next matches">
          <ul className={styles.list}>
            {ready.map((match) => (
              <li key={match.id} className={styles.card}>
                {match.sides.map((side, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a match has two sides, in order
                  <span key={index}>
                    {index === 1 ? 'against ' : ''}
                    <strong>{sideName(data, side)}</strong> {seatsOf(data, side?.entryId ?? null)}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {data.groups.length > 0 ? (
        <Section title="Bracket">
          <BracketView
            tournament={data}
            matchExtra={(match) =>
              isAdministrator &&
              !match.sides.includes(null) &&
              match.sides.every((side) => side?.entryId != null) ? (
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  onClick={() => setResultOf(match)}
                >
                  {isPlayed(match) ? 'Correct the result' : 'Set the result'}{' '}
                  <span className="visually-hidden">
                    of {roundOf.get(match.id)}, match {match.number}
                  </span>
                </button>
              ) : null
            }
          />
        </Section>
      ) : null}

      <Results tournament={data} />
      <Entries tournament={data} />
      {resultOf ? (
        <ResultDialog tournament={data} match={resultOf} onClose={() => setResultOf(null)} />
      ) : null}
    </Page>
  );
}

/** "(seats A3, A4)" of an entry's players, where they are seated. */
function seatsOf(tournament: Tournament, entryId: number | null): string {
  const seats = tournament.entries
    .find((entry) => entry.id === entryId)
    ?.members.flatMap((member) => (member.seat ? [member.seat] : []));
  if (!seats || seats.length === 0) return '';
  return `(seat${seats.length > 1 ? 's' : ''} ${seats.join(', ')})`;
}

function Standings({ tournament }: { tournament: Tournament }) {
  return (
    <Section title="Final standings">
      <ol className={styles.standings}>
        {tournament.standings.map((place) => (
          <li key={place.entryId} className={styles.place}>
            <span>{place.rank}.</span>
            <span>{tournament.entries.find((entry) => entry.id === place.entryId)?.name}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Results({ tournament }: { tournament: Tournament }) {
  const played = tournament.groups.flatMap((group) =>
    group.rounds.flatMap((round) =>
      round.matches.filter(isPlayed).map((match) => ({ match, round: round.name })),
    ),
  );
  if (played.length === 0) return null;
  return (
    <Section title={tournament.state === 'finished' ? 'Results' : 'Results so far'}>
      <ul className={styles.list}>
        {played.map(({ match, round }) => (
          <li key={match.id}>
            <span className={styles.muted}>{round}:</span> {sideName(tournament, match.sides[0])}{' '}
            {match.sides.some((side) => side?.forfeit)
              ? 'walkover'
              : formatScore([match.sides[0]?.score ?? 0, match.sides[1]?.score ?? 0])}{' '}
            {sideName(tournament, match.sides[1])}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * The entries, and what may be done to each: before the start a lan administrator removes
 * one or checks it in (at the door); under way its captain or a lan administrator makes
 * it give up — its matches to come go to the other side — after a confirmation.
 */
function Entries({ tournament }: { tournament: Tournament }) {
  const viewer = useViewer();
  const isAdministrator = viewer.hasAnyRole(requiredRoles.lanManagement);
  const withdraw = useTournamentAction(tournamentActions.withdraw);
  const checkIn = useTournamentAction(tournamentActions.checkIn);
  const [givingUp, setGivingUp] = useState<TournamentEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button pressed is gone once it worked: focus goes to the list's heading.
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      headingRef.current?.focus();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  const isOpen = tournament.state === 'open';
  const mayGiveUp = (entry: TournamentEntry) =>
    tournament.state === 'running' &&
    !entry.forfeited &&
    (isAdministrator || entry.captainId === viewer.user?.id);
  return (
    <Section
      title={`Entries (${tournament.entries.length} of ${tournament.maxEntrants})`}
      headingRef={headingRef}
    >
      {tournament.entries.length === 0 ? (
        <p className={styles.muted}>Nobody has signed up yet.</p>
      ) : (
        <ul className={styles.list}>
          {tournament.entries.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <span>
                <strong>{entry.name}</strong>
                {tournament.teamSize > 1
                  ? `: ${entry.members.map((member) => member.nickname).join(', ')}`
                  : ''}
                {entry.invited.length > 0
                  ? ` (invited: ${entry.invited.map((invited) => invited.nickname).join(', ')})`
                  : ''}
                {tournament.checkIn && isOpen
                  ? entry.checkedIn
                    ? ' · checked in'
                    : ' · not checked in'
                  : ''}
                {entry.forfeited ? ' · gave up' : ''}
              </span>
              {isAdministrator && isOpen && tournament.checkIn && !entry.checkedIn ? (
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  disabled={checkIn.isPending}
                  onClick={() =>
                    run(() => checkIn.mutateAsync({ id: tournament.id, entryId: entry.id }))
                  }
                >
                  Check in <span className="visually-hidden">{entry.name}</span>
                </button>
              ) : null}
              {isAdministrator && isOpen ? (
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  disabled={withdraw.isPending}
                  onClick={() =>
                    run(() => withdraw.mutateAsync({ id: tournament.id, entryId: entry.id }))
                  }
                >
                  Remove <span className="visually-hidden">{entry.name}</span>
                </button>
              ) : null}
              {mayGiveUp(entry) ? (
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  onClick={() => setGivingUp(entry)}
                >
                  Give up <span className="visually-hidden">for {entry.name}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AlertText message={error} />
      <ConfirmDialog
        isOpen={givingUp !== null}
        title={`Give up for ${givingUp?.name ?? ''}?`}
        confirmLabel="Give up"
        isBusy={withdraw.isPending}
        onCancel={() => setGivingUp(null)}
        onConfirm={() => {
          const entry = givingUp;
          // Closed at once: a refusal is said under the entries.
          setGivingUp(null);
          if (entry) void run(() => withdraw.mutateAsync({ id: tournament.id, entryId: entry.id }));
        }}
      >
        <p>Its matches to come go to the other side as walkovers. This cannot be taken back.</p>
      </ConfirmDialog>
    </Section>
  );
}

import type { Tournament, TournamentEntry, TournamentMatch } from '@lanparty/contract';
import { formatScore, requiredRoles } from '@lanparty/contract/rules';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
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
import { Link, useNavigate, useParams } from '../../../lib/router/index.tsx';
import { tournamentQueryOptions, useTournament } from '../../../lib/tournaments/get-tournaments.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { BracketView, sideName } from '../components/bracket-view.tsx';
import { ReportForm, ResultDialog } from '../components/match-forms.tsx';
import { SignUp } from '../components/sign-up.tsx';
import { TournamentForm } from '../components/tournament-form.tsx';
import { tournamentRulesText, tournamentStateText } from '../components/tournament-texts.ts';
import styles from '../components/tournaments.module.css';

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
  const yourMatch = ready.find((match) =>
    match.sides.some((side) => side?.entryId !== undefined && side?.entryId === ownEntry?.id),
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

      {yourMatch ? (
        <Section title="Your match">
          <ReportForm key={yourMatch.id} tournament={data} match={yourMatch} />
        </Section>
      ) : null}

      {isAdministrator ? <Running tournament={data} /> : null}

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

function Section({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: React.ReactNode;
  /** Where focus goes when what had it is gone (a removed entry's button). */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2
        id={headingId}
        className={styles.heading}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        {title}
      </h2>
      {children}
    </section>
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
    <Section title="Results so far">
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

/** A lan administrator's controls: the start (at random or in an order), the rules, deleting it. */
function Running({ tournament }: { tournament: Tournament }) {
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
  const disputed = matchesOf(tournament).filter((match) => match.disputed).length;
  return (
    <Section title="Run the tournament">
      {disputed > 0 ? (
        <p className={styles.bad}>
          {disputed === 1 ? 'One match is' : `${disputed} matches are`} disputed: set the result in
          the bracket.
        </p>
      ) : null}
      {tournament.state === 'open' ? (
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

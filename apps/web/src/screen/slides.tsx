import type {
  Announcement,
  NowPlaying,
  ScheduleItem,
  ScreenView,
  Seating,
  Tournament,
  TournamentMatch,
} from '@lanparty/contract';
import { formatScore, nowAndNext, type ScreenSlide } from '@lanparty/contract/rules';
import type { ReactNode } from 'react';
import { formatDisplayDate, readCommunityClock } from '../lib/format-date.ts';
import { todayAtOffsetOf } from '../lib/format-moment.ts';
import { formatPlayTime } from '../lib/format-play-time.ts';
import { nowPlayingGap, playersLine } from '../lib/lans/now-playing-text.ts';
import styles from './screen.module.css';

/** What the slides show: the screen's own read and the lan's public reads. */
export type SlideData = {
  view: ScreenView;
  schedule: ScheduleItem[] | undefined;
  announcements: Announcement[] | undefined;
  nowPlaying: NowPlaying | undefined;
  seating: Seating | undefined;
  /** The tournament the bracket slide shows: one under way, else the last one over. */
  tournament: Tournament | undefined;
};

/** Each slide's title, on it and in the list of slides at the foot of the screen. */
export const slideTitles: Record<ScreenSlide, string> = {
  schedule: 'Schedule',
  announcements: 'Announcements',
  'now-playing': 'Now playing',
  seats: 'Seats',
  arrivals: 'Who is here',
  'top-players': 'Top players so far',
  bracket: 'Tournament',
};

/** What fits a slide at 1280×720 with text of 28 px, and is still read from across a hall. */
const fits = { announcements: 3, games: 6, players: 10, arrivals: 8, moments: 3 };

/**
 * The chosen slides that have something to show now, in their order: a screen skips an
 * empty schedule, no announcements, a seat map the lan does not have, rather than show a
 * blank slide.
 */
export function shownSlides(chosen: readonly ScreenSlide[], data: SlideData, now: Date) {
  return chosen.filter((slide) => {
    switch (slide) {
      case 'schedule': {
        const moments = nowAndNext(data.schedule ?? [], now);
        return moments.now.length + moments.next.length > 0;
      }
      case 'announcements':
        return (data.announcements ?? []).length > 0;
      case 'now-playing':
        return data.nowPlaying?.isRunning === true;
      case 'seats':
        return (data.seating?.seats.length ?? 0) > 0;
      case 'arrivals':
        return data.view.presence.participantCount > 0;
      case 'top-players':
        return (data.nowPlaying?.topPlayers ?? []).length > 0;
      case 'bracket':
        return data.tournament !== undefined && data.tournament.groups.length > 0;
      default:
        return false;
    }
  });
}

export function SlideOf({ slide, data, now }: { slide: ScreenSlide; data: SlideData; now: Date }) {
  switch (slide) {
    case 'schedule':
      return <ScheduleSlide items={data.schedule ?? []} now={now} />;
    case 'announcements':
      return <AnnouncementsSlide items={data.announcements ?? []} now={now} />;
    case 'now-playing':
      return data.nowPlaying ? <NowPlayingSlide board={data.nowPlaying} /> : null;
    case 'seats':
      return data.seating ? <SeatsSlide seating={data.seating} /> : null;
    case 'arrivals':
      return <ArrivalsSlide presence={data.view.presence} />;
    case 'top-players':
      return <TopPlayersSlide board={data.nowPlaying} />;
    case 'bracket':
      return data.tournament ? <BracketSlide tournament={data.tournament} /> : null;
  }
}

function Slide({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.slide} aria-label={title}>
      <h1 className={styles.slideTitle}>{title}</h1>
      {children}
    </section>
  );
}

/** The time of a moment on the community's clocks, as the server wrote it (`20:30`). */
const timeOf = (iso: string) => readCommunityClock(iso).time;

/**
 * A moment on the community's clocks: its time alone when it is today there (`18:00`), with
 * its date when not (`12 Dec 2026, 18:00`), so a screen put up days early does not seem to
 * say tonight.
 */
const momentOf = (iso: string, now: Date) => {
  const { date, time } = readCommunityClock(iso);
  return date === todayAtOffsetOf(iso, now) ? time : `${formatDisplayDate(date)}, ${time}`;
};

/** The end of a moment: its time alone when it ends the day it starts. */
const untilOf = (start: string, end: string, now: Date) =>
  readCommunityClock(start).date === readCommunityClock(end).date
    ? timeOf(end)
    : momentOf(end, now);

function ScheduleSlide({ items, now }: { items: readonly ScheduleItem[]; now: Date }) {
  const moments = nowAndNext(items, now);
  return (
    <Slide title={slideTitles.schedule}>
      <div className={styles.columns}>
        {(
          [
            ['Now', moments.now],
            ['Next', moments.next],
          ] as const
        ).map(([label, shown]) => (
          <div key={label} className={styles.column}>
            <h2 className={styles.columnTitle}>{label}</h2>
            {shown.length === 0 ? (
              <p className={styles.quiet}>Nothing on the schedule</p>
            ) : (
              <ul className={styles.rows}>
                {shown.slice(0, fits.moments).map((item) => (
                  <li key={item.id} className={styles.row}>
                    <span className={styles.strong}>{item.title}</span>
                    <span className={styles.quiet}>
                      {momentOf(item.startDate, now)}
                      {item.endDate ? ` – ${untilOf(item.startDate, item.endDate, now)}` : ''}
                      {item.place ? ` · ${item.place}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Slide>
  );
}

function AnnouncementsSlide({ items, now }: { items: readonly Announcement[]; now: Date }) {
  return (
    <Slide title={slideTitles.announcements}>
      <ul className={styles.rows}>
        {items.slice(0, fits.announcements).map((item) => (
          <li key={item.id} className={`${styles.row} ${item.pinned ? styles.pinned : ''}`}>
            <span className={styles.announcement}>{item.text}</span>
            <span className={styles.quiet}>
              {item.pinned ? 'Pinned · ' : ''}
              {momentOf(item.creationDate, now)}
            </span>
          </li>
        ))}
      </ul>
    </Slide>
  );
}

/** A new announcement, alone and large, as it interrupts the rotation. */
export function TheNewAnnouncement({ announcement }: { announcement: Announcement }) {
  return (
    <section className={`${styles.slide} ${styles.news}`} aria-label="New announcement">
      <h1 className={styles.slideTitle}>Announcement</h1>
      <p className={styles.newsText}>{announcement.text}</p>
      <p className={styles.quiet}>{timeOf(announcement.creationDate)}</p>
    </section>
  );
}

function NowPlayingSlide({ board }: { board: NowPlaying }) {
  const gap = nowPlayingGap(board);
  return (
    <Slide title={slideTitles['now-playing']}>
      {gap ? (
        <p className={styles.quiet}>{gap}</p>
      ) : (
        <ul className={styles.rows}>
          {board.games.slice(0, fits.games).map((game) => (
            <li key={game.gameId} className={styles.gameRow}>
              <span className={styles.count}>{game.players.length}</span>
              <span className={styles.strong}>{game.name}</span>
              <span className={styles.quiet}>{playersLine(game)}</span>
            </li>
          ))}
        </ul>
      )}
    </Slide>
  );
}

function TopPlayersSlide({ board }: { board: NowPlaying | undefined }) {
  const players = (board?.topPlayers ?? []).slice(0, fits.players);
  return (
    <Slide title={slideTitles['top-players']}>
      <ol className={`${styles.rows} ${styles.twoColumns}`}>
        {players.map((player, index) => (
          <li key={player.userId} className={styles.rankRow}>
            <span className={styles.count}>{index + 1}</span>
            <span className={styles.strong}>{player.nickname}</span>
            <span className={styles.quiet}>{formatPlayTime(player.seconds)}</span>
          </li>
        ))}
      </ol>
    </Slide>
  );
}

function ArrivalsSlide({ presence }: { presence: ScreenView['presence'] }) {
  return (
    <Slide title={slideTitles.arrivals}>
      <p className={styles.bigFigure}>
        {presence.presentCount}{' '}
        <span className={styles.quiet}>of {presence.participantCount} lanners here</span>
      </p>
      {presence.arrivals.length > 0 ? (
        <>
          <h2 className={styles.columnTitle}>Just arrived</h2>
          <ul className={`${styles.rows} ${styles.twoColumns}`}>
            {presence.arrivals.slice(0, fits.arrivals).map((arrival) => (
              <li key={arrival.userId} className={styles.rankRow}>
                <span className={styles.strong}>{arrival.nickname}</span>
                <span className={styles.quiet}>{timeOf(arrival.arrivalDate)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Slide>
  );
}

/** The plan from across the hall: taken seats filled, free ones outlined, and how many of each. */
function SeatsSlide({ seating }: { seating: Seating }) {
  const { width, height } = seating.plan;
  const taken = seating.seats.filter((seat) => seat.occupant).length;
  const open = seating.seats.filter((seat) => !seat.occupant && seat.kind !== 'blocked').length;
  return (
    <Slide title={slideTitles.seats}>
      <p className={styles.quiet}>
        {taken} taken · {open} free
      </p>
      <svg
        className={styles.map}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Seat map: ${taken} seats taken, ${open} free`}
        preserveAspectRatio="xMidYMid meet"
      >
        {seating.seats.map((seat) => (
          <rect
            key={seat.id}
            x={seat.x + 0.08}
            y={seat.y + 0.08}
            width={0.84}
            height={0.84}
            rx={0.12}
            className={
              seat.kind === 'blocked'
                ? styles.seatBlocked
                : seat.occupant
                  ? styles.seatTaken
                  : styles.seatFree
            }
          />
        ))}
      </svg>
      <p className={styles.legend}>
        <span className={styles.keyTaken} aria-hidden="true" /> Taken{' '}
        <span className={styles.keyFree} aria-hidden="true" /> Free
      </p>
    </Slide>
  );
}

const nameOfSide = (tournament: Tournament, side: TournamentMatch['sides'][number]) =>
  tournament.entries.find((entry) => entry.id === side?.entryId)?.name ?? 'To be decided';

/**
 * A tournament from across the hall (issue 37): its next matches with the players' seats,
 * and the latest results; once it is over, its podium.
 */
function BracketSlide({ tournament }: { tournament: Tournament }) {
  const matches = tournament.groups.flatMap((group) =>
    group.rounds.flatMap((round) => round.matches),
  );
  const playable = matches.filter((match) => !match.sides.includes(null));
  const next = playable.filter((match) => match.status === 'ready');
  const played = playable.filter(
    (match) => match.status === 'completed' || match.status === 'archived',
  );
  const seatOf = (side: TournamentMatch['sides'][number]) => {
    const seats = tournament.entries
      .find((entry) => entry.id === side?.entryId)
      ?.members.flatMap((member) => (member.seat ? [member.seat] : []));
    return seats && seats.length > 0 ? ` (${seats.join(', ')})` : '';
  };
  return (
    <Slide title={`${tournament.name} · ${tournament.game.name}`}>
      {tournament.state === 'finished' ? (
        <ol className={styles.rows}>
          {tournament.standings.slice(0, 3).map((place) => (
            <li key={place.entryId} className={styles.rankRow}>
              <span className={styles.count}>{place.rank}</span>
              <span className={styles.strong}>
                {tournament.entries.find((entry) => entry.id === place.entryId)?.name}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <div className={styles.columns}>
          <div className={styles.column}>
            <h2 className={styles.columnTitle}>Next matches</h2>
            <ul className={styles.rows}>
              {next.slice(0, fits.moments + 2).map((match) => (
                <li key={match.id} className={styles.row}>
                  <span className={styles.strong}>
                    {nameOfSide(tournament, match.sides[0])} –{' '}
                    {nameOfSide(tournament, match.sides[1])}
                  </span>
                  <span className={styles.quiet}>
                    {seatOf(match.sides[0]).trim()} {seatOf(match.sides[1]).trim()}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.column}>
            <h2 className={styles.columnTitle}>Latest results</h2>
            <ul className={styles.rows}>
              {played
                .slice(-(fits.moments + 2))
                .reverse()
                .map((match) => (
                  <li key={match.id} className={styles.row}>
                    <span className={styles.strong}>
                      {nameOfSide(tournament, match.sides[0])} –{' '}
                      {nameOfSide(tournament, match.sides[1])}
                    </span>
                    <span className={styles.quiet}>
                      {match.sides.some((side) => side?.forfeit)
                        ? 'walkover'
                        : formatScore([match.sides[0]?.score ?? 0, match.sides[1]?.score ?? 0])}
                    </span>
                  </li>
                ))}
            </ul>
          </div>
        </div>
      )}
    </Slide>
  );
}

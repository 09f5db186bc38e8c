import type { LanHeadline, RewindUserPlaytime, RewindView } from '@lanparty/contract';
import type { ReactNode } from 'react';
import section from '../../../components/section.module.css';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import {
  describeDailyPlaytime,
  findLanCoveringDay,
  formatHours,
  formatPlaytimeHours,
  type GamePlaytime,
  playtimeSeconds,
  type RankedPlayer,
} from '../stats-rules.ts';
import { BarChart } from './bar-chart.tsx';
import { BigNumber, BigNumbers } from './big-number.tsx';
import { RankChange } from './rank-change.tsx';
import styles from './rewind-sections.module.css';
import { YearTimeline } from './year-timeline.tsx';

/*
 * The sections of a rewind, in the order of spec §2 "Rewind sections". Each is a card
 * with an h2; the route decides which to show and hands them the derived figures.
 */

function RewindSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`${section.section} ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} className={section.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CollectiveSection({ summary }: { summary: RewindView }) {
  return (
    <RewindSection id="rewind-collective" title="We played collectively">
      <BigNumbers>
        <BigNumber
          label="In total"
          value={formatPlaytimeHours(summary.totalPlaytime)}
          unit="hours"
        />
        <BigNumber
          label="On an average day"
          {...describeDailyPlaytime(playtimeSeconds(summary.avgPlaytimePerDay))}
        />
        <BigNumber
          label="On average per lanner"
          value={formatPlaytimeHours(summary.avgPlaytimePerUser)}
          unit="hours per lanner"
        />
      </BigNumbers>
      <p className={styles.note}>
        {summary.users.length} {summary.users.length === 1 ? 'lanner' : 'lanners'} played{' '}
        {summary.games.length} {summary.games.length === 1 ? 'game' : 'games'}.
      </p>
    </RewindSection>
  );
}

function toBars(games: readonly GamePlaytime[]) {
  return games.map(({ game, seconds }) => ({
    key: game.id,
    label: game.name,
    value: seconds,
    valueText: `${formatHours(seconds)} hours`,
  }));
}

export function OurGamesSection({ year, games }: { year: number; games: GamePlaytime[] }) {
  return (
    <RewindSection id="rewind-our-games" title="Our favorite games">
      {games.length === 0 ? (
        <p className={styles.note}>No games were played in {year}.</p>
      ) : (
        <BarChart caption={`Our most played games of ${year}, in hours`} bars={toBars(games)} />
      )}
    </RewindSection>
  );
}

export function YourGamesSection({ year, games }: { year: number; games: GamePlaytime[] }) {
  return (
    <RewindSection id="rewind-your-games" title="Your favorite games">
      {games.length === 0 ? (
        <p className={styles.note}>We have no games of yours for {year}.</p>
      ) : (
        <BarChart caption={`Your most played games of ${year}, in hours`} bars={toBars(games)} />
      )}
    </RewindSection>
  );
}

export function YouPlayedSection({ playtime }: { playtime: RewindUserPlaytime }) {
  return (
    <RewindSection id="rewind-you-played" title="You played">
      <BigNumbers>
        <BigNumber label="Play days" value={String(playtime.numberOfDays)} unit="days" />
        <BigNumber label="Games" value={String(playtime.numberOfGames)} unit="games" />
        <BigNumber
          label="In total"
          value={formatPlaytimeHours(playtime.totalPlaytime)}
          unit="hours"
        />
        <BigNumber
          label="On an average play day"
          {...describeDailyPlaytime(playtimeSeconds(playtime.avgPlaytimePerDay))}
        />
      </BigNumbers>
    </RewindSection>
  );
}

export function PlayerLeaderboardSection({
  players,
  previousPositions,
}: {
  players: RankedPlayer[];
  /** Positions in the previous year's rewind; undefined when there is none to compare. */
  previousPositions: Map<number, number> | undefined;
}) {
  return (
    <RewindSection id="rewind-leaderboard" title="Leaderboard">
      {players.length === 0 ? (
        <p className={styles.note}>Nobody played this year.</p>
      ) : (
        <ol className={styles.leaderboard} aria-label="Players by playtime">
          {players.map((player) => (
            <li key={player.user.id} className={styles.player}>
              <span className={styles.position}>
                {player.position}
                <span className="visually-hidden">.</span>
              </span>
              {/* The row keeps its columns, also while the year before is still coming. */}
              <RankChange
                keepsPlace
                position={player.position}
                previousPosition={
                  previousPositions ? (previousPositions.get(player.user.id) ?? null) : undefined
                }
              />
              <span className={styles.nickname}>{player.user.nickname}</span>
              <span className={styles.hours}>{formatHours(player.seconds)} hours</span>
            </li>
          ))}
        </ol>
      )}
    </RewindSection>
  );
}

export function BusiestDaysSection({
  summary,
  lans,
}: {
  summary: RewindView;
  lans: readonly LanHeadline[];
}) {
  const days = summary.busiestDays.map((day) => ({
    date: day.date,
    seconds: playtimeSeconds(day.totalPlaytime),
    lan: findLanCoveringDay(lans, day.date),
  }));
  return (
    <RewindSection id="rewind-busiest-days" title="Most played on">
      {days.length === 0 ? (
        <p className={styles.note}>No play days were recorded.</p>
      ) : (
        <YearTimeline
          year={summary.year}
          caption={`The busiest play days of ${summary.year} across the year`}
          points={days.map((day) => ({ date: day.date, value: day.seconds }))}
        >
          <ol className={styles.days} aria-label="Busiest play days">
            {days.map((day) => (
              <li key={day.date} className={styles.day}>
                <time dateTime={day.date}>{formatDisplayDate(day.date)}</time>
                <span className={styles.hours}>{formatHours(day.seconds)} hours</span>
                {day.lan ? (
                  <span className={styles.lan}>
                    during <Link to={`/lans/${day.lan.id}`}>{day.lan.name}</Link>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </YearTimeline>
      )}
    </RewindSection>
  );
}

export function SpikesSection({ summary }: { summary: RewindView }) {
  const spikes = summary.spikes.map((spike) => ({
    date: spike.date,
    seconds: playtimeSeconds(spike.playtimeIncrease),
  }));
  return (
    <RewindSection id="rewind-spikes" title="Sudden spikes">
      {spikes.length === 0 ? (
        <p className={styles.note}>Playtime grew steadily: no sudden spikes.</p>
      ) : (
        <YearTimeline
          year={summary.year}
          caption={`Days of ${summary.year} whose playtime jumped over the day before`}
          points={spikes.map((spike) => ({ date: spike.date, value: spike.seconds }))}
        >
          <ol className={styles.days} aria-label="Sudden spikes in playtime">
            {spikes.map((spike) => (
              <li key={spike.date} className={styles.day}>
                <time dateTime={spike.date}>{formatDisplayDate(spike.date)}</time>
                <span className={styles.hours}>+{formatHours(spike.seconds)} hours</span>
              </li>
            ))}
          </ol>
        </YearTimeline>
      )}
    </RewindSection>
  );
}

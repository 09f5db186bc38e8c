import type { Announcement, ScreenView } from '@lanparty/contract';
import type { ScreenSlide } from '@lanparty/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../lib/api-client.ts';
import { timeAtOffsetOf } from '../lib/format-moment.ts';
import { announcementsQueryOptions } from '../lib/lans/get-announcements.ts';
import { foodRoundsQueryOptions } from '../lib/lans/get-food-rounds.ts';
import { nowPlayingQueryOptions } from '../lib/lans/get-now-playing.ts';
import { scheduleQueryOptions } from '../lib/lans/get-schedule.ts';
import { seatingQueryOptions } from '../lib/lans/get-seating.ts';
import { useIsLiveStreamUnreachable } from '../lib/live-updates/live-connection.ts';
import {
  lanTournamentsQueryOptions,
  tournamentQueryOptions,
} from '../lib/tournaments/get-tournaments.ts';
import { useNow } from '../lib/use-now.ts';
import { useScreenView } from './get-screen-view.ts';
import styles from './screen.module.css';
import {
  type SlideData,
  SlideOf,
  shownSlides,
  slideTitles,
  TheNewAnnouncement,
} from './slides.tsx';

/**
 * The screen: no screen at its link (the site's words: switched off, or a link that never
 * was a screen's), waiting for the site, or its lan's slides in turn.
 */
export function ScreenShow({ token }: { token: string }) {
  const view = useScreenView(token);
  if (view.isError && isApiError(view.error, 404))
    return (
      <Blank text={(view.error.detail ?? 'There is no screen at this link.').replace(/\.$/, '')} />
    );
  if (!view.data)
    return (
      <Blank
        text={
          view.isError
            ? 'This screen cannot reach the site; it tries again by itself'
            : 'Starting the screen…'
        }
      />
    );
  return <Slides view={view.data} isStale={view.isError} />;
}

function Blank({ text }: { text: string }) {
  return (
    <main className={`${styles.screen} ${styles.blank}`}>
      <h1 className={styles.blankText}>{text}</h1>
    </main>
  );
}

/** The tournament the bracket slide shows: the first under way, else the last one over. */
function useShownTournament(lanId: number, isWanted: boolean) {
  const list = useQuery({ ...lanTournamentsQueryOptions(lanId), enabled: isWanted }).data ?? [];
  const shown =
    list.find((tournament) => tournament.state === 'running') ??
    list.filter((tournament) => tournament.state === 'finished').at(-1);
  return useQuery({ ...tournamentQueryOptions(shown?.id ?? 0), enabled: shown !== undefined }).data;
}

/**
 * The slides of what the screen last read, in turn, for as long as the site cannot be
 * reached (issue 53 §3), with a small "Reconnecting" mark meanwhile (`isStale`: its last
 * read failed; or its live stream cannot reach the site). The stream's return reads
 * everything again.
 */
function Slides({ view, isStale }: { view: ScreenView; isStale: boolean }) {
  const isReconnecting = useIsLiveStreamUnreachable() || isStale;
  const lanId = view.lan.id;
  const wants = (slide: ScreenSlide) => view.slides.includes(slide);
  const data: SlideData = {
    view,
    schedule: useQuery({ ...scheduleQueryOptions(lanId), enabled: wants('schedule') }).data,
    announcements: useQuery(announcementsQueryOptions(lanId)).data,
    nowPlaying: useQuery({
      ...nowPlayingQueryOptions(lanId),
      enabled: wants('now-playing') || wants('top-players'),
    }).data,
    seating: useQuery({ ...seatingQueryOptions(lanId), enabled: wants('seats'), retry: false })
      .data,
    tournament: useShownTournament(lanId, wants('bracket')),
  };
  const now = useNow(15_000);
  const slides = shownSlides(view.slides, data, now);
  const [step, setStep] = useState(0);
  const fresh = useFreshAnnouncement(data.announcements);
  const [interrupting, setInterrupting] = useState<Announcement | null>(null);

  // A new announcement shows at once, for one turn; then the rotation goes on.
  useEffect(() => {
    if (fresh) setInterrupting(fresh);
  }, [fresh]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step starts its own turn
  useEffect(() => {
    const timer = setTimeout(
      () => (interrupting ? setInterrupting(null) : setStep((each) => each + 1)),
      view.rotationSeconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [interrupting, step, view.rotationSeconds]);

  const slide = slides.length > 0 ? slides[step % slides.length] : undefined;
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <p className={styles.lanName}>{view.lan.name}</p>
        <p className={styles.here}>
          {view.presence.presentCount} of {view.presence.participantCount} here
        </p>
        <p className={styles.reconnecting} role="status">
          {isReconnecting ? 'Reconnecting…' : null}
        </p>
        <p className={styles.clock}>
          <time dateTime={now.toISOString()}>{timeAtOffsetOf(view.asOf, now)}</time>
        </p>
      </header>
      <FoodHere lanId={lanId} now={now} />
      <main className={styles.main}>
        {interrupting ? (
          <TheNewAnnouncement announcement={interrupting} />
        ) : slide ? (
          <SlideOf slide={slide} data={data} now={now} />
        ) : (
          <div className={styles.slide}>
            <h1 className={styles.slideTitle}>Welcome to {view.lan.name}</h1>
          </div>
        )}
      </main>
      {slides.length > 1 && !interrupting ? (
        <footer className={styles.footer}>
          {slides.map((each) => (
            <span
              key={each}
              className={each === slide ? styles.current : undefined}
              aria-current={each === slide ? 'true' : undefined}
            >
              {slideTitles[each]}
            </span>
          ))}
        </footer>
      ) : null}
    </div>
  );
}

/** How long the screen says the food is here (issue 54). */
const foodShownMs = 10 * 60_000;

/**
 * "Your food from Pizzeria Roma is here", across the screen above the slides for ten
 * minutes after its lan administrator said so (a `food` event reads the rounds again);
 * an empty line otherwise.
 */
function FoodHere({ lanId, now }: { lanId: number; now: Date }) {
  const rounds = useQuery(foodRoundsQueryOptions(lanId)).data ?? [];
  const here = rounds.filter(
    (round) =>
      round.state !== 'cancelled' &&
      round.arrivedAt !== null &&
      now.getTime() - new Date(round.arrivedAt).getTime() < foodShownMs,
  );
  return (
    <div className={here.length > 0 ? styles.foodHere : undefined} role="status">
      {here.map((round) => (
        <p key={round.id}>Your food from {round.supplier} is here — come and get it!</p>
      ))}
    </div>
  );
}

/**
 * The newest announcement that came after the screen's first read of them, as it comes:
 * one with an id above every id read before (ids only grow), so a screen that runs for a
 * day keeps one number, not every id it saw.
 */
function useFreshAnnouncement(items: readonly Announcement[] | undefined) {
  const newestSeen = useRef<number | null>(null);
  const [fresh, setFresh] = useState<Announcement | null>(null);
  useEffect(() => {
    if (!items) return;
    const newest = items.reduce<Announcement | null>(
      (found, item) => (found === null || item.id > found.id ? item : found),
      null,
    );
    const before = newestSeen.current;
    newestSeen.current = Math.max(before ?? 0, newest?.id ?? 0);
    if (before !== null && newest && newest.id > before) setFresh(newest);
  }, [items]);
  return fresh;
}

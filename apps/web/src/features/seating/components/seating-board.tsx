import type { Lan, Seat, Seating } from '@lanparty/contract';
import { useQuery } from '@tanstack/react-query';
import { List, Map as MapIcon, Minus, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { participantsQueryOptions } from '../../../lib/lans/get-participants.ts';
import { Link } from '../../../lib/router/index.tsx';
import { touchScreenQuery, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useAskSeatSwap } from '../api/ask-seat-swap.ts';
import { useFreeSeat } from '../api/free-seat.ts';
import { useSeatSwaps } from '../api/list-seat-swaps.ts';
import { useSeatSomeone } from '../api/seat-someone.ts';
import {
  cellSizeOf,
  findLanners,
  type KnownNames,
  nextPhaseChange,
  pickingPhaseOf,
  zoomSteps,
} from '../model/seat-view.ts';
import { ClanSeating } from './clan-seating.tsx';
import { FindLanner } from './find-lanner.tsx';
import { OutcomeLine, useSeatingOutcome } from './outcome-line.tsx';
import { SeatDialog, type SeatRequest } from './seat-dialog.tsx';
import { SeatLegend } from './seat-legend.tsx';
import { SeatList } from './seat-list.tsx';
import { SeatMap } from './seat-map.tsx';
import { SeatSwaps } from './seat-swaps.tsx';
import styles from './seating-board.module.css';
import { SeatingStatus } from './seating-status.tsx';
import { useSeatingViewer } from './use-seating-viewer.ts';

type SeatingBoardProps = { lan: Lan; seating: Seating };

const defaultZoom = zoomSteps.indexOf(1);

/**
 * A lan's seats (issue 34): where everyone sits, on the map or in a list; picking, moving
 * and freeing a seat, asking for a swap and answering one, seating a clan together; and
 * "Find a lanner". Every change here or elsewhere reaches the map through the live events.
 */
export function SeatingBoard({ lan, seating }: SeatingBoardProps) {
  const headingId = useId();
  const { viewer, clan, candidates } = useSeatingViewer(lan, seating.seats);
  const now = useNowAcross(seating.plan);
  const phase = pickingPhaseOf(seating.plan, now);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [zoom, setZoom] = useState(defaultZoom);
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const { outcome, report, tell } = useSeatingOutcome();
  const mapViewport = useRef<HTMLDivElement>(null);
  const areaWidth = useWidthOf(mapViewport, view);
  const isTouch = useMediaQuery(touchScreenQuery);

  const seats = seating.seats;
  const mySeat = seats.find((seat) => seat.occupant?.userId === viewer.userId) ?? null;
  const chosen = seats.find((seat) => seat.id === chosenId) ?? null;
  const names = useKnownNames(lan.id, viewer.isLanAdministrator);
  const found = findLanners(seats, search, names);
  const foundIds = new Set(found.map((seat) => seat.id));
  const swaps = useSeatSwaps(lan.id, { isEnabled: viewer.userId !== null });

  const seatSomeone = useSeatSomeone(lan.id);
  const freeSeat = useFreeSeat(lan.id);
  const askSwap = useAskSeatSwap(lan.id);
  const isBusy = seatSomeone.isPending || freeSeat.isPending || askSwap.isPending;

  /** Closes the dialog once the server answered, and says how it went on the outcome line. */
  const finish = (promise: Promise<unknown>, done: Parameters<typeof report>[1]) =>
    void report(promise, done, () => setChosenId(null));
  const onRequest = (seat: Seat, request: SeatRequest) => {
    const me = viewer.userId;
    switch (request.kind) {
      case 'take':
        if (me === null) return;
        return finish(seatSomeone.mutateAsync({ seatId: seat.id, userId: me }), {
          text: `You sit at ${seat.label} now.`,
          mySeat: seat.label,
        });
      case 'seatSomeone':
        return finish(
          seatSomeone.mutateAsync({ seatId: seat.id, userId: request.userId }),
          `${request.nickname} sits at ${seat.label} now.`,
        );
      case 'freeMine':
        return finish(freeSeat.mutateAsync(seat.id), {
          text: `Seat ${seat.label} is free now.`,
          mySeat: null,
        });
      case 'freeTheirs':
        return finish(
          freeSeat.mutateAsync(seat.id),
          `Seat ${seat.label} is free now: ${request.nickname} has no seat.`,
        );
      case 'askSwap':
        return finish(
          askSwap.mutateAsync(request.userId),
          `You asked ${request.nickname} to swap seats: their answer shows under Seat swaps.`,
        );
    }
  };

  const cellAt = (step: number) => cellSizeOf(areaWidth, seating.plan.width, step, isTouch);
  const cellSize = cellAt(zoom);
  const revealFound = () => {
    const [first] = found;
    if (!first) return;
    document.querySelector<HTMLButtonElement>(`[data-seat-id="${first.id}"]`)?.focus();
  };

  return (
    <section className={styles.board} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.heading}>
          Seats
        </h3>
        {viewer.isLanAdministrator ? (
          <Link to={`/admin/lans/${lan.id}/seats`} className={styles.editLink}>
            Edit seat plan
          </Link>
        ) : null}
      </div>
      <SeatingStatus
        plan={seating.plan}
        phase={phase}
        viewer={viewer}
        mySeat={mySeat}
        onChooseMine={() => mySeat && setChosenId(mySeat.id)}
      />
      {clan && viewer.seatsTheClan && phase.kind === 'open' ? (
        <ClanSeating lanId={lan.id} clan={clan} report={report} tell={tell} />
      ) : null}
      {viewer.userId !== null && swaps.data ? (
        <SeatSwaps lanId={lan.id} viewerId={viewer.userId} swaps={swaps.data} report={report} />
      ) : null}
      <div className={styles.tools}>
        <FindLanner
          search={search}
          onSearch={setSearch}
          found={found}
          onReveal={revealFound}
          byName={names !== undefined}
        />
        <div className={styles.toolButtons}>
          <fieldset className={styles.group}>
            <legend className="visually-hidden">View</legend>
            <button
              type="button"
              className={styles.toolButton}
              aria-pressed={view === 'map'}
              onClick={() => setView('map')}
            >
              <MapIcon size={18} aria-hidden="true" /> Map
            </button>
            <button
              type="button"
              className={styles.toolButton}
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              <List size={18} aria-hidden="true" /> List
            </button>
          </fieldset>
          {view === 'map' ? (
            <fieldset className={styles.group}>
              <legend className="visually-hidden">Zoom</legend>
              <button
                type="button"
                className={styles.toolButton}
                aria-label="Zoom out"
                disabled={zoom === 0 || cellAt(zoom - 1) === cellSize}
                onClick={() => setZoom((step) => Math.max(0, step - 1))}
              >
                <Minus size={18} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.toolButton}
                aria-label="Zoom in"
                disabled={zoom === zoomSteps.length - 1 || cellAt(zoom + 1) === cellSize}
                onClick={() => setZoom((step) => Math.min(zoomSteps.length - 1, step + 1))}
              >
                <Plus size={18} aria-hidden="true" />
              </button>
            </fieldset>
          ) : null}
        </div>
      </div>
      <SeatLegend clan={clan} />
      <OutcomeLine outcome={outcome} mySeat={mySeat?.label ?? null} />
      {view === 'map' ? (
        <SeatMap
          lanId={lan.id}
          seating={seating}
          viewer={viewer}
          cellSize={cellSize}
          foundIds={foundIds}
          onChoose={(seat) => setChosenId(seat.id)}
          viewportRef={mapViewport}
          viewportWidth={areaWidth}
        />
      ) : (
        <SeatList
          seats={seats}
          viewer={viewer}
          foundIds={foundIds}
          onChoose={(seat) => setChosenId(seat.id)}
        />
      )}
      <SeatDialog
        seat={chosen}
        viewer={viewer}
        phase={phase}
        mySeat={mySeat}
        candidates={candidates}
        isBusy={isBusy}
        onRequest={onRequest}
        onClose={() => setChosenId(null)}
      />
    </section>
  );
}

/**
 * The time, read again when the plan opens or locks, so a page left open offers picking
 * from the minute it opens and stops when it locks.
 */
function useNowAcross(plan: Seating['plan']): Date {
  const [now, setNow] = useState(() => new Date());
  const next = nextPhaseChange(plan, now);
  useEffect(() => {
    if (next === null) return;
    // setTimeout holds at most about 24.8 days; a later moment is waited for in steps.
    const delay = Math.min(next - Date.now() + 50, 2 ** 31 - 1);
    const timer = setTimeout(() => setNow(new Date()), Math.max(delay, 0));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/** The inner width of the map's box (for the fitting cell size); 343 before it is measured. */
function useWidthOf(ref: React.RefObject<HTMLElement | null>, view: string): number {
  const [width, setWidth] = useState(343);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box is new with each view
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer tells the width once the box is laid out (before it is painted) and at
    // every change: read here, in the commit, it forced a layout of the whole lan page.
    const observer = new ResizeObserver(([entry]) => {
      const contentWidth = entry?.contentRect.width ?? 0;
      if (contentWidth > 0) setWidth(contentWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, view]);
  return width;
}

/**
 * For a lan administrator, the participants' names as the door reads them (the same list):
 * "Find a lanner" then finds people by name too, as the door does. Nobody else sees names.
 */
function useKnownNames(lanId: number, isLanAdministrator: boolean): KnownNames | undefined {
  const participants = useQuery({
    ...participantsQueryOptions(lanId),
    enabled: isLanAdministrator,
  });
  return useMemo(
    () =>
      participants.data &&
      new Map(
        participants.data.participants.map((participant) => [
          participant.userId,
          { firstName: participant.firstName, surname: participant.surname },
        ]),
      ),
    [participants.data],
  );
}

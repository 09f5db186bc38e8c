import type { Seat, Seating } from '@lanparty/contract';
import { Accessibility, MoveHorizontal, UserRound, UserRoundCheck, Wrench } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { imageSourcesOf } from '../../../lib/assets/asset-images.ts';
import {
  type Direction,
  inReadingOrder,
  type SeatingViewer,
  seatInDirection,
  seatName,
  seatStateOf,
} from '../model/seat-view.ts';
import styles from './seat-map.module.css';

type SeatMapProps = {
  lanId: number;
  seating: Seating;
  viewer: SeatingViewer;
  /** The side of a grid cell, in CSS pixels. */
  cellSize: number;
  /** Seats "Find a lanner" found: marked, and the first scrolled to. */
  foundIds: ReadonlySet<number>;
  onChoose: (seat: Seat) => void;
  /** The scrolling box, measured by the board for the fitting cell size. */
  viewportRef: RefObject<HTMLDivElement | null>;
  /** The box's width, as the board measured it: whether the plan is wider. */
  viewportWidth: number;
};

const arrowDirections: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * The seats where they stand on the plan's grid (over the picture of the hall when there
 * is one), each a button named for screen readers. One seat is in the Tab order (the
 * viewer's, else the first); arrow keys move between seats, Home and End to the first and
 * last. A plan wider than the screen is not shrunk under a finger's size: its box is then a
 * region of its own, named and said to scroll sideways, with shadows at the edges hiding more.
 */
export function SeatMap({
  lanId,
  seating,
  viewer,
  cellSize,
  foundIds,
  onChoose,
  viewportRef,
  viewportWidth,
}: SeatMapProps) {
  const hintId = useId();
  const { plan } = seating;
  const seats = inReadingOrder(seating.seats);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const mine = seats.find((seat) => seat.occupant && seat.occupant.userId === viewer.userId);
  const firstFound = seats.find((seat) => foundIds.has(seat.id));
  const tabStop =
    seats.find((seat) => seat.id === focusedId) ?? firstFound ?? mine ?? seats[0] ?? null;

  useEffect(() => {
    if (!firstFound) return;
    buttons.current.get(firstFound.id)?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [firstFound]);

  // A phone shows part of a wide plan: the box starts at the viewer's seat, once.
  const centredId = useRef<number | null>(null);
  const mineId = mine?.id;
  const mineCentre = mine ? { x: mine.x + 0.5, y: mine.y + 0.5 } : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per seat of the viewer's
  useEffect(() => {
    const box = viewportRef.current;
    if (mineId === undefined || !mineCentre || !box || centredId.current === mineId) return;
    centredId.current = mineId;
    box.scrollLeft = Math.max(0, mineCentre.x * cellSize - box.clientWidth / 2);
    box.scrollTop = Math.max(0, mineCentre.y * cellSize - box.clientHeight / 2);
  }, [mineId]);

  const moveTo = (seat: Seat | null | undefined) => {
    if (!seat) return;
    setFocusedId(seat.id);
    buttons.current.get(seat.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = seats.find((seat) => seat.id === focusedId) ?? tabStop;
    if (!from) return;
    const direction = arrowDirections[event.key];
    if (direction) moveTo(seatInDirection(seats, from, direction));
    else if (event.key === 'Home') moveTo(seats[0]);
    else if (event.key === 'End') moveTo(seats.at(-1));
    else return;
    event.preventDefault();
  };

  const width = plan.width * cellSize;
  const isWider = width > viewportWidth + 1;
  const hall = plan.hallVersion ? imageSourcesOf('hall', lanId, plan.hallVersion) : null;
  return (
    <div className={styles.frame}>
      {isWider ? (
        <p id={hintId} className={styles.scrollHint}>
          <MoveHorizontal size={16} aria-hidden="true" />
          The hall is wider than the screen: swipe the map sideways, or choose List.
        </p>
      ) : null}
      {/* A scrolling box must be reachable by keyboard: its seats are. */}
      <div
        ref={viewportRef}
        className={styles.viewport}
        {...(isWider
          ? {
              role: 'region',
              'aria-label': 'Seat map, scrolls sideways',
              'aria-describedby': hintId,
            }
          : {})}
      >
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's box would not hold seats placed on a grid */}
        <div
          role="group"
          aria-label="Seat map"
          className={styles.plan}
          style={
            { width, height: plan.height * cellSize, '--cell': `${cellSize}px` } as CSSProperties
          }
          onKeyDown={onKeyDown}
        >
          {hall ? (
            <img
              className={styles.hall}
              src={hall.src}
              srcSet={hall.srcSet}
              sizes={`${width}px`}
              alt=""
            />
          ) : null}
          {seats.map((seat) => (
            <SeatButton
              key={seat.id}
              seat={seat}
              viewer={viewer}
              isFound={foundIds.has(seat.id)}
              isTabStop={seat.id === tabStop?.id}
              onChoose={() => {
                setFocusedId(seat.id);
                onChoose(seat);
              }}
              onFocus={() => setFocusedId(seat.id)}
              buttonRef={(element) => {
                if (element) buttons.current.set(seat.id, element);
                else buttons.current.delete(seat.id);
              }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

type SeatButtonProps = {
  seat: Seat;
  viewer: SeatingViewer;
  isFound: boolean;
  isTabStop: boolean;
  onChoose: () => void;
  /** Focus on a seat (a click, an arrow key, Find a lanner) makes it the map's Tab stop. */
  onFocus: () => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
};

/** The classes of a seat's look: its state, its kind and whether it was found. */
export function seatClasses(seat: Seat, viewer: SeatingViewer, isFound = false): string {
  return [
    styles.seat,
    styles[seatStateOf(seat, viewer)],
    seat.kind === 'crew' ? styles.crew : '',
    seat.occupant?.clanColour ? styles.inClan : '',
    isFound ? styles.found : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A seat's clan colour, for its stripe: a custom property its CSS reads. */
export function clanColourStyle(seat: Seat): CSSProperties | undefined {
  const colour = seat.occupant?.clanColour;
  return colour ? ({ '--clan': colour } as CSSProperties) : undefined;
}

function SeatButton({
  seat,
  viewer,
  isFound,
  isTabStop,
  onChoose,
  onFocus,
  buttonRef,
}: SeatButtonProps) {
  const name = seatName(seat, viewer, isFound);
  const state = seatStateOf(seat, viewer);
  // The label is the seat's visible text, always; who sits there is in its name, its
  // tooltip and the dialog it opens (a name holds what a seat shows: WCAG 2.5.3).
  const Occupied = state === 'mine' ? UserRoundCheck : seat.occupant ? UserRound : null;
  return (
    <button
      ref={buttonRef}
      type="button"
      className={seatClasses(seat, viewer, isFound)}
      style={
        {
          ...clanColourStyle(seat),
          '--x': seat.x,
          '--y': seat.y,
        } as CSSProperties
      }
      aria-label={name}
      title={name}
      tabIndex={isTabStop ? 0 : -1}
      data-seat-id={seat.id}
      onClick={onChoose}
      onFocus={onFocus}
    >
      {Occupied ? <Occupied className={styles.occupied} aria-hidden="true" /> : null}
      <span className={styles.label}>{seat.label}</span>
      {seat.kind === 'crew' ? <Wrench className={styles.kindIcon} aria-hidden="true" /> : null}
      {seat.kind === 'accessible' ? (
        <Accessibility className={styles.kindIcon} aria-hidden="true" />
      ) : null}
    </button>
  );
}

import type { SeatOccupant } from '@lanparty/contract';
import { seatLimits } from '@lanparty/contract/rules';
import { MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { imageSourcesOf } from '../../../lib/assets/asset-images.ts';
import { touchScreenQuery, useMediaQuery } from '../../../lib/use-media-query.ts';
import styles from './seat-editor.module.css';
import { SeatLegend, SeatMark } from './seat-editor-legend.tsx';
import { describeSeat } from './seat-names.ts';
import {
  addSeat,
  type Cell,
  type DraftSeat,
  deleteSeat,
  describeCell,
  moveSeat,
  seatAt,
} from './seat-plan-draft.ts';
import type { SeatPlanEditor } from './use-seat-plan-editor.ts';

type SeatGridProps = {
  editor: SeatPlanEditor;
  /** Who sits where, by seat id (the saved plan's). */
  occupants: ReadonlyMap<number, SeatOccupant>;
  blockNames: ReadonlyMap<number, string>;
  /** The picture of the hall under the grid, when one is uploaded. */
  hall: { lanId: number; version: string } | null;
};

/**
 * Cell sizes (rem) from far to near: a seat is 4 px less, 24 px at the smallest for a
 * mouse; a touch screen starts at the first of 44 px (a finger's) and goes no smaller.
 */
const zoomLevels = [1.75, 2.25, 3, 3.75] as const;
const touchZoom = 2;

const arrows: Record<string, Cell> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

/** A size being typed (empty, 0, too large) as the grid can draw it meanwhile. */
const gridSize = (size: number) =>
  Number.isInteger(size) ? Math.min(Math.max(size, 1), seatLimits.maxGrid) : 1;

/** The seat as a CSS position: its cell in the grid's custom properties. */
const cellStyle = ({ x, y }: Cell) => ({ '--x': x, '--y': y }) as CSSProperties;

/**
 * The plan's grid: seats as buttons with their label, over the hall's picture. A click on
 * an empty cell adds a seat; the keyboard has the cell cursor (arrows, Enter) for that. A
 * seat is selected by a click or Enter, and moved by dragging it or by the arrow keys.
 */
export function SeatGrid({ editor, occupants, blockNames, hall }: SeatGridProps) {
  const { draft, selected } = editor;
  const helpId = useId();
  const surfaceRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<HTMLButtonElement>(null);
  const scrollerRef = useRef<HTMLElement>(null);
  const scrollHintId = useId();
  const isTouch = useMediaQuery(touchScreenQuery);
  const smallestZoom = isTouch ? touchZoom : 0;
  const [chosenZoom, setZoom] = useState(1);
  const zoom = Math.max(chosenZoom, smallestZoom);
  const [cursor, setCursor] = useState<Cell>({ x: 0, y: 0 });
  const [drag, setDrag] = useState<{ key: string; to: Cell | null } | null>(null);
  const width = gridSize(draft.plan.width);
  const height = gridSize(draft.plan.height);
  const inGrid = (cell: Cell) => ({
    x: Math.min(Math.max(cell.x, 0), width - 1),
    y: Math.min(Math.max(cell.y, 0), height - 1),
  });
  const cursorCell = inGrid(cursor);
  const cursorSeat = seatAt(draft, cursorCell);

  function cellAtPoint(clientX: number, clientY: number): Cell | null {
    const surface = surfaceRef.current;
    if (!surface) return null;
    const rect = surface.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const cell = {
      x: Math.floor(((clientX - rect.left) / rect.width) * width),
      y: Math.floor(((clientY - rect.top) / rect.height) * height),
    };
    return cell.x >= 0 && cell.y >= 0 && cell.x < width && cell.y < height ? cell : null;
  }

  function addAt(cell: Cell) {
    const change = addSeat(draft, cell);
    const label = change.draft?.seats.at(-1)?.label;
    editor.apply(change, `Seat ${label} added at ${describeCell(cell)}.`);
  }

  // The keyboard's way to the same is the cell cursor, a button of its own.
  function addAtPoint(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLButtonElement || event.target instanceof SVGElement) return;
    const cell = cellAtPoint(event.clientX, event.clientY);
    if (!cell) return;
    setCursor(cell);
    addAt(cell);
  }

  function onCursorKey(event: KeyboardEvent<HTMLButtonElement>) {
    const step = arrows[event.key];
    if (!step) return;
    event.preventDefault();
    const next = inGrid({ x: cursorCell.x + step.x, y: cursorCell.y + step.y });
    setCursor(next);
    const there = seatAt(draft, next);
    editor.announce(
      there ? `Seat ${there.label}, ${describeCell(next)}.` : `Empty, ${describeCell(next)}.`,
    );
  }

  function pressCursor() {
    if (cursorSeat) {
      editor.select(cursorSeat.key);
      focusSeat(cursorSeat.key);
    } else addAt(cursorCell);
  }

  function focusSeat(key: string) {
    setTimeout(() =>
      surfaceRef.current?.querySelector<HTMLElement>(`[data-seat-key="${key}"]`)?.focus(),
    );
  }

  function onSeatKey(event: KeyboardEvent<HTMLButtonElement>, seat: DraftSeat) {
    const step = arrows[event.key];
    if (step && selected?.key === seat.key) {
      event.preventDefault();
      const to = { x: seat.x + step.x, y: seat.y + step.y };
      editor.apply(
        moveSeat(draft, seat.key, to),
        `Seat ${seat.label} moved to ${describeCell(to)}.`,
      );
    } else if (
      (event.key === 'Delete' || event.key === 'Backspace') &&
      selected?.key === seat.key
    ) {
      event.preventDefault();
      editor.edit(deleteSeat(draft, seat.key));
      editor.announce(`Seat ${seat.label} deleted.`);
      setCursor({ x: seat.x, y: seat.y });
      cursorRef.current?.focus();
    } else if (event.key === 'Escape' && selected?.key === seat.key) {
      editor.select(null);
    }
  }

  // A finger drags only the selected seat: on the others it pans the grid.
  function startDrag(event: PointerEvent<HTMLButtonElement>, seat: DraftSeat) {
    if (event.button !== 0) return;
    if (event.pointerType === 'touch' && selected?.key !== seat.key) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ key: seat.key, to: null });
  }

  function followDrag(event: PointerEvent<HTMLButtonElement>, seat: DraftSeat) {
    if (drag?.key !== seat.key) return;
    const cell = cellAtPoint(event.clientX, event.clientY);
    const isElsewhere = cell && (cell.x !== seat.x || cell.y !== seat.y);
    setDrag({ key: seat.key, to: isElsewhere ? cell : null });
  }

  function endDrag(seat: DraftSeat) {
    if (drag?.key === seat.key && drag.to) {
      const to = drag.to;
      editor.apply(
        moveSeat(draft, seat.key, to),
        `Seat ${seat.label} moved to ${describeCell(to)}.`,
      );
    }
    setDrag(null);
  }

  const cellRem = zoomLevels[zoom] ?? 2.25;
  const isWider = useIsWiderThan(scrollerRef, surfaceRef);
  const surfaceStyle = {
    '--columns': width,
    '--rows': height,
    '--cell': `${cellRem}rem`,
  } as CSSProperties;
  return (
    <div className={styles.gridArea}>
      <div className={styles.gridTools}>
        <div className={styles.zoom}>
          <button
            type="button"
            className={styles.toolButton}
            aria-label="Zoom out"
            disabled={zoom === smallestZoom}
            onClick={() => setZoom(zoom - 1)}
          >
            <ZoomOut aria-hidden="true" size={18} />
          </button>
          <button
            type="button"
            className={styles.toolButton}
            aria-label="Zoom in"
            disabled={zoom === zoomLevels.length - 1}
            onClick={() => setZoom(zoom + 1)}
          >
            <ZoomIn aria-hidden="true" size={18} />
          </button>
        </div>
        <SeatLegend />
      </div>
      {/* The keyboard's help, the cell cursor's description; a touch screen shows its own. */}
      <p id={helpId} className={isTouch ? 'visually-hidden' : styles.gridHelp}>
        Click an empty cell to add a seat, or move there with the arrow keys and press Enter. A
        selected seat moves with the arrow keys or by dragging it; Delete removes it.
      </p>
      {isTouch ? (
        <p className={styles.gridHelp}>
          Tap an empty cell to add a seat, or a seat to change it below the grid. Drag a selected
          seat to move it.
        </p>
      ) : null}
      {isWider ? (
        <p id={scrollHintId} className={styles.scrollHint}>
          <MoveHorizontal size={16} aria-hidden="true" />
          The grid is wider than the screen: swipe it sideways.
        </p>
      ) : null}
      <section
        ref={scrollerRef}
        className={styles.scroller}
        aria-label={isWider ? 'Plan grid, scrolls sideways' : 'Plan grid'}
        aria-describedby={isWider ? scrollHintId : undefined}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on an empty cell adds a seat; the keyboard does it with the cell cursor, a button. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the cell cursor is the keyboard's way. */}
        <div ref={surfaceRef} className={styles.surface} style={surfaceStyle} onClick={addAtPoint}>
          {hall ? <HallPicture {...hall} /> : null}
          <button
            ref={cursorRef}
            type="button"
            className={styles.cursor}
            style={cellStyle(cursorCell)}
            aria-describedby={helpId}
            onKeyDown={onCursorKey}
            onClick={pressCursor}
          >
            <span className="visually-hidden">
              {cursorSeat
                ? `Select seat ${cursorSeat.label}, ${describeCell(cursorCell)}`
                : `Add a seat at ${describeCell(cursorCell)}`}
            </span>
          </button>
          {draft.seats.map((seat) => {
            const occupant = seat.id === undefined ? null : (occupants.get(seat.id) ?? null);
            return (
              <button
                key={seat.key}
                type="button"
                data-seat-key={seat.key}
                className={styles.seat}
                data-kind={seat.kind}
                data-taken={occupant !== null}
                data-dragging={drag?.key === seat.key && drag.to !== null}
                aria-pressed={selected?.key === seat.key}
                aria-label={describeSeat(seat, occupant, blockNames)}
                style={cellStyle(seat)}
                onClick={() => editor.select(seat.key)}
                onKeyDown={(event) => onSeatKey(event, seat)}
                onPointerDown={(event) => startDrag(event, seat)}
                onPointerMove={(event) => followDrag(event, seat)}
                onPointerUp={() => endDrag(seat)}
                onPointerCancel={() => setDrag(null)}
              >
                <span className={styles.seatLabel}>{seat.label}</span>
                <SeatMark kind={seat.kind} isTaken={occupant !== null} />
              </button>
            );
          })}
          {drag?.to ? (
            <div className={styles.dropTarget} style={cellStyle(drag.to)} aria-hidden="true" />
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** How wide the grid shows the hall: the page's width on a phone, up to a wide screen's. */
const hallSizes = '(max-width: 50rem) 100vw, 72rem';

function HallPicture({ lanId, version }: { lanId: number; version: string }) {
  const { src, srcSet } = imageSourcesOf('hall', lanId, version);
  return (
    <img
      className={styles.hall}
      src={src}
      srcSet={srcSet}
      sizes={hallSizes}
      alt=""
      decoding="async"
      draggable={false}
    />
  );
}

/** Whether the grid is wider than its box (the box scrolls sideways then), kept as they resize. */
function useIsWiderThan(
  boxRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): boolean {
  const [isWider, setIsWider] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    const content = contentRef.current;
    if (!box || !content || typeof ResizeObserver === 'undefined') return;
    const measure = () => setIsWider(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(content);
    return () => observer.disconnect();
  }, [boxRef, contentRef]);
  return isWider;
}

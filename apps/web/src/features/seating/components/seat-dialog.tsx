import type { Seat } from '@lanparty/contract';
import { useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import frame from '../../../components/modal-dialog.module.css';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import {
  occupantName,
  type PickingPhase,
  type SeatAction,
  type SeatingViewer,
  seatChoicesOf,
  seatStateOf,
} from '../model/seat-view.ts';
import styles from './seat-dialog.module.css';

/** Someone the viewer may seat: a participant of the lan (administrators), a clan member. */
export type SeatCandidate = { userId: number; nickname: string; seatLabel: string | null };

/** What the viewer chose to do at a seat. */
export type SeatRequest =
  | { kind: 'take' }
  | { kind: 'freeMine' }
  | { kind: 'askSwap'; userId: number; nickname: string }
  | { kind: 'seatSomeone'; userId: number; nickname: string }
  | { kind: 'freeTheirs'; nickname: string };

type SeatDialogProps = {
  /** The seat chosen on the map or in the list; the dialog is open while there is one. */
  seat: Seat | null;
  viewer: SeatingViewer;
  phase: PickingPhase;
  mySeat: Seat | null;
  candidates: readonly SeatCandidate[];
  isBusy: boolean;
  onRequest: (seat: Seat, request: SeatRequest) => void;
  onClose: () => void;
};

/**
 * What the viewer may do at a seat, asked before it is done: "Take seat A12?", "Move to
 * A12?", "Ask Nick to swap?", or what they can do there as a clan's seat manager or a lan
 * administrator; and when nothing, why. A native modal <dialog> as the confirm dialog's
 * (components/use-modal-dialog.ts): focus starts on Cancel and returns to the seat.
 */
export function SeatDialog({
  seat,
  viewer,
  phase,
  mySeat,
  candidates,
  isBusy,
  onRequest,
  onClose,
}: SeatDialogProps) {
  const isOpen = seat !== null;
  const { cancelRef, titleId, bodyId, dialogProps } = useModalDialog(isOpen, {
    isBusy,
    onCancel: onClose,
  });

  return (
    <dialog {...dialogProps} className={`${frame.dialog} ${styles.dialog}`}>
      {seat ? (
        <SeatQuestion
          seat={seat}
          viewer={viewer}
          phase={phase}
          mySeat={mySeat}
          candidates={candidates}
          isBusy={isBusy}
          titleId={titleId}
          bodyId={bodyId}
          cancelRef={cancelRef}
          onRequest={(request) => onRequest(seat, request)}
          onClose={onClose}
        />
      ) : null}
    </dialog>
  );
}

type SeatQuestionProps = Omit<SeatDialogProps, 'seat' | 'onRequest'> & {
  seat: Seat;
  titleId: string;
  bodyId: string;
  cancelRef: React.RefObject<HTMLButtonElement | null>;
  onRequest: (request: SeatRequest) => void;
};

/** The question a seat asks first: its one action as a question, else the seat's label. */
function titleOf(seat: Seat, actions: readonly SeatAction[]): string {
  const [only, ...others] = actions;
  if (only && others.length === 0) {
    if (only.kind === 'take')
      return only.isMove ? `Move to ${seat.label}?` : `Take seat ${seat.label}?`;
    if (only.kind === 'askSwap') return `Ask ${only.occupant.nickname} to swap?`;
    if (only.kind === 'freeMine') return `Free seat ${seat.label}?`;
  }
  return `Seat ${seat.label}`;
}

/** What the seat is, in a sentence. */
function aboutSeat(seat: Seat, viewer: SeatingViewer): string {
  const state = seatStateOf(seat, viewer);
  const kind =
    seat.kind === 'crew'
      ? ' A crew seat.'
      : seat.kind === 'accessible'
        ? ' An accessible seat: reachable without steps, with room for a wheelchair.'
        : '';
  if (state === 'blocked') return `Seat ${seat.label} is blocked: nobody sits there.`;
  if (state === 'mine') return `Seat ${seat.label} is your seat.${kind}`;
  if (seat.occupant)
    return `Seat ${seat.label} is taken by ${occupantName(seat.occupant)}${state === 'clan' ? ', of your clan' : ''}.${kind}`;
  return `Seat ${seat.label} is free.${kind}`;
}

function SeatQuestion({
  seat,
  viewer,
  phase,
  mySeat,
  candidates,
  isBusy,
  titleId,
  bodyId,
  cancelRef,
  onRequest,
  onClose,
}: SeatQuestionProps) {
  const { actions, reason } = seatChoicesOf(seat, viewer, phase, mySeat);
  const others = candidates.filter((candidate) => candidate.userId !== viewer.userId);
  const [chosenId, setChosenId] = useState('');
  const selectId = useId();
  const chosen = others.find((candidate) => String(candidate.userId) === chosenId);
  const hasActions = actions.length > 0;
  return (
    <div className={frame.content}>
      <h2 id={titleId} className={frame.title}>
        {titleOf(seat, actions)}
      </h2>
      <div id={bodyId} className={`${frame.body} ${styles.body}`}>
        <p>{aboutSeat(seat, viewer)}</p>
        {actions.map((action) =>
          action.kind === 'take' && action.isMove && mySeat ? (
            <p key="move">You leave {mySeat.label}: it frees in the same step.</p>
          ) : action.kind === 'askSwap' && mySeat ? (
            <p key="swap">
              If {action.occupant.nickname} accepts, you sit at {seat.label} and they sit at{' '}
              {mySeat.label}.
            </p>
          ) : null,
        )}
        {reason ? <p className={styles.reason}>{reason}</p> : null}
      </div>
      {actions.some((action) => action.kind === 'seatSomeone') ? (
        others.length > 0 ? (
          <div className={styles.seatSomeone}>
            <label htmlFor={selectId} className={forms.label}>
              Seat someone here
            </label>
            <div className={styles.seatSomeoneRow}>
              <select
                id={selectId}
                className={forms.input}
                value={chosenId}
                onChange={(event) => setChosenId(event.target.value)}
              >
                <option value="">Choose…</option>
                {others.map((candidate) => (
                  <option key={candidate.userId} value={candidate.userId}>
                    {candidate.nickname}
                    {candidate.seatLabel ? ` (now at ${candidate.seatLabel})` : ' (no seat yet)'}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={controls.buttonSecondary}
                disabled={!chosen || isBusy}
                onClick={() =>
                  chosen &&
                  onRequest({
                    kind: 'seatSomeone',
                    userId: chosen.userId,
                    nickname: chosen.nickname,
                  })
                }
              >
                Seat them
              </button>
            </div>
          </div>
        ) : (
          <p className={styles.reason}>
            Nobody else to seat here: every one of them holds no place.
          </p>
        )
      ) : null}
      <div className={`${controls.actions} ${frame.actions}`}>
        <button
          ref={cancelRef}
          type="button"
          className={controls.buttonSecondary}
          onClick={onClose}
          disabled={isBusy}
        >
          {hasActions ? 'Cancel' : 'Close'}
        </button>
        {actions.map((action) => {
          switch (action.kind) {
            case 'take':
              return (
                <button
                  key="take"
                  type="button"
                  className={controls.button}
                  disabled={isBusy}
                  onClick={() => onRequest({ kind: 'take' })}
                >
                  {action.isMove ? `Move to ${seat.label}` : 'Take seat'}
                </button>
              );
            case 'freeMine':
              return (
                <button
                  key="freeMine"
                  type="button"
                  className={controls.button}
                  disabled={isBusy}
                  onClick={() => onRequest({ kind: 'freeMine' })}
                >
                  Free my seat
                </button>
              );
            case 'askSwap':
              return (
                <button
                  key="askSwap"
                  type="button"
                  className={controls.button}
                  disabled={isBusy}
                  onClick={() =>
                    onRequest({
                      kind: 'askSwap',
                      userId: action.occupant.userId,
                      nickname: action.occupant.nickname,
                    })
                  }
                >
                  Ask {action.occupant.nickname} to swap
                </button>
              );
            case 'freeTheirs':
              return (
                <button
                  key="freeTheirs"
                  type="button"
                  className={controls.buttonSecondary}
                  disabled={isBusy}
                  onClick={() =>
                    onRequest({ kind: 'freeTheirs', nickname: action.occupant.nickname })
                  }
                >
                  Free this seat
                </button>
              );
            default:
              return null;
          }
        })}
      </div>
    </div>
  );
}

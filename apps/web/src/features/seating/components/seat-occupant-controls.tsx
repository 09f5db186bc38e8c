import type { SeatOccupant } from '@lanparty/contract';
import { UserMinus, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useParticipants } from '../../../lib/lans/get-participants.ts';
import { useFreeSeat, useSeatParticipant } from '../api/seat-occupant.ts';
import styles from './seat-editor.module.css';
import { describeOccupant } from './seat-names.ts';
import type { DraftSeat } from './seat-plan-draft.ts';

type SeatOccupantControlsProps = {
  lanId: number;
  seat: DraftSeat;
  occupant: SeatOccupant | null;
};

/**
 * Who sits on the seat, and the administrator's hands on it: free it, or seat one of the
 * lan's participants there (moving them from their seat, if they have one). Done at once,
 * not with the plan's save: the seat must be saved already.
 */
export function SeatOccupantControls({ lanId, seat, occupant }: SeatOccupantControlsProps) {
  const id = useId();
  const participants = useParticipants(lanId);
  const seatParticipant = useSeatParticipant();
  const freeSeat = useFreeSeat();
  const [userId, setUserId] = useState('');
  const [done, setDone] = useState('');
  const seatId = seat.id;
  const holders = (participants.data?.participants ?? []).filter(
    (participant) => participant.status === 'Accepted' || participant.status === 'Paid',
  );
  const error = seatParticipant.error ?? freeSeat.error;
  const isBusy = seatParticipant.isPending || freeSeat.isPending;

  function seatSomeone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (seatId === undefined || userId === '') return;
    const nickname = holders.find((each) => String(each.userId) === userId)?.nickname;
    freeSeat.reset();
    setDone('');
    seatParticipant.mutate(
      { lanId, seatId, userId: Number(userId) },
      {
        onSuccess: () => {
          setUserId('');
          setDone(`${nickname ?? 'They'} now sit${nickname ? 's' : ''} on seat ${seat.label}.`);
        },
      },
    );
  }

  function free() {
    if (seatId === undefined) return;
    seatParticipant.reset();
    setDone('');
    freeSeat.mutate({ lanId, seatId }, { onSuccess: () => setDone(`Seat ${seat.label} is free.`) });
  }

  return (
    <section className={styles.occupant} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subTitle}>
        Who sits here
      </h3>
      {seatId === undefined ? (
        <p className={forms.hint}>A new seat: save the plan before you seat someone here.</p>
      ) : (
        <>
          <p>
            {occupant ? (
              <>
                <strong>{describeOccupant(occupant)}</strong> sits here.
              </>
            ) : (
              'Nobody sits here.'
            )}
          </p>
          {occupant ? (
            <div className={controls.actions}>
              <button
                type="button"
                className={controls.buttonSecondary}
                disabled={isBusy}
                onClick={free}
              >
                <UserMinus aria-hidden="true" size={18} />
                Free this seat
              </button>
            </div>
          ) : null}
          <form className={styles.seatSomeone} onSubmit={seatSomeone}>
            <div className={forms.field}>
              <label className={forms.label} htmlFor={`${id}-participant`}>
                {occupant ? 'Seat someone else here' : 'Seat a participant here'}
              </label>
              <select
                id={`${id}-participant`}
                className={forms.input}
                value={userId}
                disabled={!participants.data}
                aria-describedby={`${id}-participant-hint`}
                onChange={(event) => setUserId(event.target.value)}
              >
                <option value="">
                  {participants.isError
                    ? 'The participants could not be loaded'
                    : participants.data
                      ? 'Choose a participant'
                      : 'Loading the participants…'}
                </option>
                {holders.map((participant) => (
                  <option key={participant.userId} value={participant.userId}>
                    {participant.nickname}
                    {participant.seat ? ` (now on ${participant.seat})` : ''}
                  </option>
                ))}
              </select>
              <p id={`${id}-participant-hint`} className={forms.hint}>
                Accepted and Paid participants; someone seated elsewhere moves here. Lan
                administrators may, also after the plan locks.
              </p>
            </div>
            <div className={controls.actions}>
              <button
                type="submit"
                className={controls.buttonSecondary}
                disabled={isBusy || userId === ''}
              >
                <UserPlus aria-hidden="true" size={18} />
                Seat here
              </button>
            </div>
          </form>
        </>
      )}
      <p role="status" className={forms.hint}>
        {done}
      </p>
      {error ? (
        <p className={controls.alert} role="alert">
          {describeError(error)}
        </p>
      ) : null}
    </section>
  );
}

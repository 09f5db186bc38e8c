import type { ClanSummary } from '@lanparty/contract';
import { useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useSeatClanTogether } from '../api/seat-clan-together.ts';
import styles from './clan-seating.module.css';

type ClanSeatingProps = { lanId: number; clan: ClanSummary };

/**
 * For a clan's leader and seat managers: "Seat my clan together" — its participants
 * without a seat, or all of them, side by side in one row or table. A 409 says the most
 * seats free together, and where.
 */
export function ClanSeating({ lanId, clan }: ClanSeatingProps) {
  const seatTogether = useSeatClanTogether(lanId);
  const [isEveryone, setIsEveryone] = useState(false);
  const [outcome, setOutcome] = useState<{ isError: boolean; text: string } | null>(null);
  const everyoneId = useId();
  const headingId = useId();
  return (
    <section className={styles.clan} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        <span className={styles.tag}>[{clan.tag}]</span> {clan.name}
      </h4>
      <div className={styles.row}>
        <button
          type="button"
          className={controls.buttonSecondary}
          disabled={seatTogether.isPending}
          onClick={() => {
            setOutcome(null);
            seatTogether.mutate(
              { clanId: clan.id, everyone: isEveryone },
              {
                onSuccess: () =>
                  setOutcome({ isError: false, text: `${clan.name} sits together now.` }),
                onError: (error) => setOutcome({ isError: true, text: describeError(error) }),
              },
            );
          }}
        >
          {seatTogether.isPending ? 'Seating your clan…' : 'Seat my clan together'}
        </button>
        <label htmlFor={everyoneId} className={styles.everyone}>
          <input
            id={everyoneId}
            type="checkbox"
            checked={isEveryone}
            onChange={(event) => setIsEveryone(event.target.checked)}
          />
          Move those already seated too
        </label>
      </div>
      {outcome ? (
        <p
          className={outcome.isError ? controls.alert : styles.done}
          role={outcome.isError ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}

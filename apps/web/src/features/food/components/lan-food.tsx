import type { FoodRound, Lan } from '@lanparty/contract';
import { hasTicket } from '@lanparty/contract/rules';
import { useId } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { formatCommunityDateTime, readCommunityClock } from '../../../lib/format-date.ts';
import { useFoodRounds } from '../../../lib/lans/get-food-rounds.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { euros } from '../model/food-money.ts';
import styles from './food.module.css';
import { FoodOrderForm } from './food-order-form.tsx';
import { FoodOrderLines } from './food-order-lines.tsx';

/**
 * A lan's food rounds on its page (issue 54), `#food`: the open round with its countdown
 * and, for the lan's participants, the order form; after the deadline what they ordered,
 * what it costs and whether it is paid. Cancelled rounds are not shown; nothing when the
 * lan has no round.
 */
export function LanFood({ lan }: { lan: Lan }) {
  const rounds = useFoodRounds(lan.id);
  const headingId = useId();
  const viewerId = useViewer().user?.id;
  // A participant (Accepted or Paid) by the lan's subscriber list; the server decides.
  const own = lan.subscribers.find((subscriber) => subscriber.user.id === viewerId);
  const now = useNow(1000);
  if (rounds.isError && !rounds.data)
    return (
      <section className={styles.food} aria-label="Food" id="food">
        <LoadFailure
          failure="The food rounds could not be loaded."
          error={rounds.error}
          onRetry={() => void rounds.refetch()}
          isRetrying={rounds.isFetching}
        />
      </section>
    );
  const shown = (rounds.data ?? []).filter((round) => round.state !== 'cancelled');
  if (shown.length === 0) return null;
  return (
    <section className={styles.food} aria-labelledby={headingId} id="food">
      <h3 id={headingId} className={styles.heading}>
        Food
      </h3>
      {shown.map((round) => (
        <FoodRoundCard
          key={round.id}
          lanId={lan.id}
          round={round}
          now={now}
          who={own && hasTicket(own.status) ? 'participant' : viewerId ? 'other' : 'visitor'}
        />
      ))}
    </section>
  );
}

type Who = 'participant' | 'other' | 'visitor';

function FoodRoundCard({
  lanId,
  round,
  now,
  who,
}: {
  lanId: number;
  round: FoodRound;
  now: Date;
  who: Who;
}) {
  const headingId = useId();
  const closesAt = new Date(round.closesAt);
  const isOpen = round.state === 'open' && closesAt.getTime() > now.getTime();
  const closingTime = readCommunityClock(round.closesAt).time;
  // The deadline by its time of day when it is within a day, else with its date.
  const deadline =
    closesAt.getTime() - now.getTime() < 20 * 3600_000
      ? closingTime
      : formatCommunityDateTime(round.closesAt);
  return (
    <article className={styles.round} aria-labelledby={headingId}>
      <header className={styles.roundHeader}>
        <h4 id={headingId} className={styles.supplier}>
          {round.supplier}
        </h4>
        {isOpen ? (
          <p className={styles.deadline}>
            Order by {deadline} · <Countdown until={closesAt} now={now} />
          </p>
        ) : (
          <p className={styles.deadline}>
            {round.arrivedAt ? 'The food is here' : `Closed at ${closingTime}`}
          </p>
        )}
        {round.maxPerPerson !== null && isOpen ? (
          <p className={styles.hint}>At most {round.maxPerPerson} items a person.</p>
        ) : null}
      </header>
      {isOpen && who === 'participant' ? (
        <FoodOrderForm lanId={lanId} round={round} />
      ) : (
        <ClosedOrMenu round={round} isOpen={isOpen} who={who} />
      )}
    </article>
  );
}

function ClosedOrMenu({ round, isOpen, who }: { round: FoodRound; isOpen: boolean; who: Who }) {
  const order = round.myOrder;
  if (!isOpen)
    return order ? (
      <div className={styles.ordered}>
        <p className={styles.orderedTotal}>
          {order.paid
            ? `Ordered — ${euros(order.total)}, paid`
            : `Ordered — ${euros(order.total)}, pay at the desk`}
        </p>
        <FoodOrderLines lines={order.lines} />
      </div>
    ) : (
      <p className={styles.hint}>
        {round.orderCount === 1 ? 'One order' : `${round.orderCount} orders`} went in before{' '}
        {formatCommunityDateTime(round.closesAt)}.
      </p>
    );
  return (
    <>
      <ul className={styles.menu} aria-label={`The menu of ${round.supplier}`}>
        {round.items.map((item) => (
          <li key={item.id} className={styles.menuItem}>
            <span>{item.name}</span>
            <span className={styles.price}>{euros(item.price)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>
        {who === 'visitor'
          ? 'Sign in to order: the lan’s participants order here until the deadline.'
          : 'The lan’s participants (accepted or paid) order here until the deadline.'}
      </p>
    </>
  );
}

/** "closes in 12 min", to the second in the last two minutes. */
function Countdown({ until, now }: { until: Date; now: Date }) {
  const seconds = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const days = Math.floor(seconds / 86_400);
  const text =
    days >= 2
      ? `closes in ${days} days`
      : seconds >= 3600
        ? `closes in ${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`
        : seconds > 120
          ? `closes in ${Math.ceil(seconds / 60)} min`
          : `closes in ${seconds} s`;
  return <span className={styles.countdown}>{text}</span>;
}

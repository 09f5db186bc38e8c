import type { FoodRound, FoodRoundInput, Lan } from '@lanparty/contract';
import { Ban, Bell, Clock, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { useFoodRounds } from '../../../lib/lans/get-food-rounds.ts';
import { useFoodRoundChanges } from '../api/food.ts';
import styles from './food-admin.module.css';
import { FoodRoundForm } from './food-round-form.tsx';
import { FoodRoundOrders } from './food-round-orders.tsx';

/** A round as its PUT takes it, ids kept: to move its deadline alone. */
const inputOf = (round: FoodRound, closesAt: string): FoodRoundInput => ({
  supplier: round.supplier,
  closesAt,
  maxPerPerson: round.maxPerPerson,
  items: round.items.map((item) => ({
    id: item.id,
    name: item.name,
    price: item.price,
    choices: item.choices.map((choice) => ({
      id: choice.id,
      name: choice.name,
      price: choice.price,
    })),
  })),
});

const stateText = (round: FoodRound) =>
  round.state === 'cancelled'
    ? 'Cancelled'
    : round.state === 'open'
      ? `Open until ${formatCommunityDateTime(round.closesAt)}`
      : round.arrivedAt
        ? `Closed at ${formatCommunityDateTime(round.closesAt)} · food arrived ${formatCommunityDateTime(round.arrivedAt)}`
        : `Closed at ${formatCommunityDateTime(round.closesAt)}`;

/**
 * The admin lan page's food (issue 54): each round with its state, orders and totals for
 * the call to the supplier, who paid at the desk, the CSV, and "Food arrived"; a round to
 * change, close early or cancel; a form that opens a new one. Open pages follow through
 * the `food` event, this panel as each order comes in.
 */
export function LanFoodEditor({ lan, timeZone }: { lan: Lan; timeZone: string }) {
  const rounds = useFoodRounds(lan.id);
  const changes = useFoodRoundChanges(lan.id);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<FoodRound | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function cancel() {
    if (!cancelling) return;
    changes.cancel.mutate(cancelling.id, {
      onSuccess: () => setCancelling(null),
      onError: (error) => {
        setCancelling(null);
        setProblem(`The round was not cancelled: ${describeError(error)}`);
      },
    });
  }
  const closeNow = (round: FoodRound) => {
    setProblem(null);
    changes.save.mutate(
      { roundId: round.id, round: inputOf(round, new Date().toISOString()) },
      { onError: (error) => setProblem(`The round was not closed: ${describeError(error)}`) },
    );
  };

  return (
    <QueryStatus query={rounds} failure="The food rounds could not be loaded.">
      {(list) => (
        <div className={styles.rounds}>
          {list.length === 0 ? <p className={forms.hint}>No food round yet.</p> : null}
          {list.map((round) =>
            editing === round.id ? (
              <FoodRoundForm
                key={round.id}
                round={round}
                defaultClosesAt={round.closesAt}
                timeZone={timeZone}
                onSave={(body) => changes.save.mutateAsync({ roundId: round.id, round: body })}
                onSaved={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <RoundPanel
                key={round.id}
                lanId={lan.id}
                round={round}
                isBusy={changes.save.isPending || changes.cancel.isPending}
                onChange={() => setEditing(round.id)}
                onCloseNow={() => closeNow(round)}
                onCancel={() => {
                  setProblem(null);
                  setCancelling(round);
                }}
              />
            ),
          )}
          <AlertText message={problem} />
          {editing === 'new' ? (
            <FoodRoundForm
              defaultClosesAt={new Date(Date.now() + 60 * 60_000).toISOString()}
              timeZone={timeZone}
              onSave={(body) => changes.save.mutateAsync({ round: body })}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          ) : editing === null ? (
            <div className={controls.actions}>
              <button type="button" className={controls.button} onClick={() => setEditing('new')}>
                Open a food round
              </button>
            </div>
          ) : null}
          <ConfirmDialog
            isOpen={cancelling !== null}
            title={`Cancel the round of ${cancelling?.supplier ?? 'the supplier'}?`}
            confirmLabel="Cancel the round"
            cancelLabel="Keep it"
            isBusy={changes.cancel.isPending}
            onConfirm={cancel}
            onCancel={() => setCancelling(null)}
          >
            <p>
              Its {cancelling?.orderCount ?? 0} orders are called off, and each orderer is told.
            </p>
          </ConfirmDialog>
        </div>
      )}
    </QueryStatus>
  );
}

function RoundPanel({
  lanId,
  round,
  isBusy,
  onChange,
  onCloseNow,
  onCancel,
}: {
  lanId: number;
  round: FoodRound;
  isBusy: boolean;
  onChange: () => void;
  onCloseNow: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  return (
    <article className={styles.round} aria-labelledby={headingId}>
      <header className={styles.roundHeader}>
        <h3 id={headingId} className={styles.supplier}>
          {round.supplier}
        </h3>
        <p className={styles.state}>
          {stateText(round)} · {round.orderCount === 1 ? 'one order' : `${round.orderCount} orders`}
          {round.maxPerPerson !== null ? ` · at most ${round.maxPerPerson} a person` : ''}
        </p>
      </header>
      {round.state !== 'cancelled' ? (
        <div className={controls.actions}>
          {round.state === 'open' ? (
            <>
              <button type="button" className={controls.buttonSecondary} onClick={onChange}>
                <Pencil aria-hidden="true" size={16} />
                Change
              </button>
              <button
                type="button"
                className={controls.buttonSecondary}
                onClick={onCloseNow}
                disabled={isBusy}
              >
                <Clock aria-hidden="true" size={16} />
                Close now
              </button>
            </>
          ) : (
            <FoodArrived lanId={lanId} round={round} />
          )}
          {round.arrivedAt === null ? (
            <button
              type="button"
              className={controls.buttonSecondary}
              onClick={onCancel}
              disabled={isBusy}
            >
              <Ban aria-hidden="true" size={16} />
              Cancel the round
            </button>
          ) : null}
        </div>
      ) : null}
      {round.state !== 'cancelled' && round.orderCount > 0 ? (
        <FoodRoundOrders lanId={lanId} round={round} />
      ) : null}
    </article>
  );
}

/** "Food arrived": every orderer told at once, the lan's screens too; the chat if asked. */
function FoodArrived({ lanId, round }: { lanId: number; round: FoodRound }) {
  const { arrived } = useFoodRoundChanges(lanId);
  const [toChat, setToChat] = useState(false);
  const [status, setStatus] = useState('');
  const checkboxId = useId();
  return (
    <>
      <button
        type="button"
        className={controls.button}
        disabled={arrived.isPending}
        onClick={() =>
          arrived.mutate(
            { roundId: round.id, toChat },
            {
              onSuccess: ({ told }) =>
                setStatus(told === 1 ? 'One orderer was told.' : `${told} orderers were told.`),
              onError: (error) => setStatus(`Nobody was told: ${describeError(error)}`),
            },
          )
        }
      >
        <Bell aria-hidden="true" size={16} />
        {round.arrivedAt ? 'Tell them again: food is here' : 'Food arrived'}
      </button>
      <label className={forms.checkbox} htmlFor={checkboxId}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={toChat}
          onChange={(event) => setToChat(event.target.checked)}
        />
        Tell the chat too
      </label>
      <span role="status" className={styles.muted}>
        {status}
      </span>
    </>
  );
}

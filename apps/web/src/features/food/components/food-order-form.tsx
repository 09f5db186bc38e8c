import type { FoodItem, FoodRound } from '@lanparty/contract';
import { foodLimits } from '@lanparty/contract/rules';
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useOwnFoodOrder } from '../api/food.ts';
import { type DraftLine, euros, eurosOfCents, totalCents, unitCents } from '../model/food-money.ts';
import styles from './food.module.css';

let nextKey = 1;
const draftOf = (round: FoodRound): DraftLine[] =>
  (round.myOrder?.lines ?? []).map((line) => ({
    key: nextKey++,
    itemId: line.itemId,
    quantity: line.quantity,
    choiceIds: line.choices.map((choice) => choice.id),
    note: line.note,
  }));
const sameLines = (a: readonly DraftLine[], b: readonly DraftLine[]) =>
  JSON.stringify(a.map(({ key: _, ...line }) => line)) ===
  JSON.stringify(b.map(({ key: _, ...line }) => line));

/**
 * A participant's order of an open round, in a few taps: "Add" beside an item puts one in
 * the order (again: one more), each line then takes its choices, how many and a note for
 * the kitchen; the total follows. Saved whole; the server's answer is what stands (its
 * refusals said here: a line per field, or the round closed at its time).
 */
export function FoodOrderForm({ lanId, round }: { lanId: number; round: FoodRound }) {
  const idPrefix = useId();
  const { place, withdraw } = useOwnFoodOrder(lanId);
  const [saved, setSaved] = useState(() => draftOf(round));
  const [lines, setLines] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const isBusy = place.isPending || withdraw.isPending;
  const isChanged = !sameLines(lines, saved);
  const itemOf = (itemId: number) => round.items.find((item) => item.id === itemId);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);

  function add(item: FoodItem) {
    setStatus('');
    setLines((current) => {
      const plain = current.find(
        (line) => line.itemId === item.id && line.choiceIds.length === 0 && line.note === '',
      );
      if (plain && item.choices.length === 0)
        return current.map((line) =>
          line === plain
            ? { ...line, quantity: Math.min(foodLimits.maximumQuantity, line.quantity + 1) }
            : line,
        );
      return [
        ...current,
        { key: nextKey++, itemId: item.id, quantity: 1, choiceIds: [], note: '' },
      ];
    });
  }
  const change = (key: number, changes: Partial<DraftLine>) => {
    setStatus('');
    setLines((current) =>
      current.flatMap((line) => {
        if (line.key !== key) return [line];
        const next = { ...line, ...changes };
        return next.quantity < 1 ? [] : [next];
      }),
    );
  };

  async function save() {
    setProblem(null);
    setStatus('');
    try {
      if (lines.length === 0) {
        if (round.myOrder) await withdraw.mutateAsync(round.id);
        setSaved([]);
        setStatus('Your order is withdrawn.');
        return;
      }
      const order = await place.mutateAsync({
        roundId: round.id,
        order: {
          lines: lines.map(({ itemId, quantity, choiceIds, note }) => ({
            itemId,
            quantity,
            choiceIds,
            note,
          })),
        },
      });
      setSaved(lines);
      setStatus(`Your order is in: ${euros(order.total)}, pay at the desk.`);
    } catch (error) {
      setProblem(refusalOf(error, lines, itemOf));
    }
  }

  return (
    <div className={styles.orderForm}>
      <ul className={styles.menu} aria-label={`The menu of ${round.supplier}`}>
        {round.items.map((item) => (
          <li key={item.id} className={styles.menuItem}>
            <span>
              {item.name}
              {item.choices.length > 0 ? (
                <span className={styles.menuChoices}>
                  {item.choices.map((choice) => choice.name).join(', ')}
                </span>
              ) : null}
            </span>
            <span className={styles.price}>{euros(item.price)}</span>
            <button
              type="button"
              className={controls.buttonSecondary}
              onClick={() => add(item)}
              aria-label={`Add ${item.name}`}
              disabled={isBusy}
            >
              <Plus aria-hidden="true" size={16} />
              Add
            </button>
          </li>
        ))}
      </ul>
      <h5 className={styles.orderHeading}>Your order</h5>
      {lines.length === 0 ? (
        <p className={styles.hint}>Nothing yet: add what you would like from the menu.</p>
      ) : (
        <ul className={styles.lines}>
          {lines.map((line, index) => {
            const item = itemOf(line.itemId);
            if (!item) return null;
            const label = `${item.name}${lines.filter((each) => each.itemId === item.id).length > 1 ? ` (${index + 1})` : ''}`;
            return (
              <li key={line.key} className={styles.draftLine}>
                <div className={styles.lineTop}>
                  <span className={styles.lineName}>{item.name}</span>
                  <span className={styles.stepper}>
                    <button
                      type="button"
                      className={forms.iconButton}
                      onClick={() => change(line.key, { quantity: line.quantity - 1 })}
                      aria-label={line.quantity === 1 ? `Remove ${label}` : `One ${label} less`}
                      disabled={isBusy}
                    >
                      <Minus aria-hidden="true" size={18} />
                    </button>
                    <output aria-live="polite" aria-label={`How many ${label}`}>
                      {line.quantity}
                    </output>
                    <button
                      type="button"
                      className={forms.iconButton}
                      onClick={() => change(line.key, { quantity: line.quantity + 1 })}
                      aria-label={`One ${label} more`}
                      disabled={isBusy || line.quantity >= foodLimits.maximumQuantity}
                    >
                      <Plus aria-hidden="true" size={18} />
                    </button>
                  </span>
                  <span className={styles.price}>
                    {eurosOfCents(unitCents(item, line.choiceIds) * line.quantity)}
                  </span>
                </div>
                {item.choices.length > 0 ? (
                  <fieldset className={styles.choices}>
                    <legend className="visually-hidden">Choices of {label}</legend>
                    {item.choices.map((choice) => (
                      <label key={choice.id} className={styles.choice}>
                        <input
                          type="checkbox"
                          checked={line.choiceIds.includes(choice.id)}
                          disabled={isBusy}
                          onChange={(event) =>
                            change(line.key, {
                              choiceIds: event.target.checked
                                ? [...line.choiceIds, choice.id]
                                : line.choiceIds.filter((id) => id !== choice.id),
                            })
                          }
                        />
                        {choice.name}
                        {choice.price > 0 ? ` +${euros(choice.price)}` : ''}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                <label className={styles.noteField} htmlFor={`${idPrefix}-note-${line.key}`}>
                  <span className="visually-hidden">Note for {label}</span>
                  <input
                    id={`${idPrefix}-note-${line.key}`}
                    className={forms.input}
                    value={line.note}
                    maxLength={foodLimits.noteMaxLength}
                    placeholder="A note for the kitchen (optional)"
                    autoComplete="off"
                    disabled={isBusy}
                    onChange={(event) => change(line.key, { note: event.target.value })}
                  />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p className={styles.total}>
        <span>Total{count > 0 ? ` (${count} ${count === 1 ? 'item' : 'items'})` : ''}</span>
        <span className={styles.price}>{eurosOfCents(totalCents(round.items, lines))}</span>
      </p>
      {round.maxPerPerson !== null && count > round.maxPerPerson ? (
        <p className={controls.warning}>
          At most {round.maxPerPerson} {round.maxPerPerson === 1 ? 'item' : 'items'} a person in
          this round: take {count - round.maxPerPerson} off before you send it.
        </p>
      ) : null}
      <AlertText message={problem} />
      <div className={controls.actions}>
        <button
          type="button"
          className={controls.button}
          onClick={() => void save()}
          disabled={isBusy || !isChanged}
        >
          {lines.length === 0 && round.myOrder
            ? 'Withdraw my order'
            : round.myOrder
              ? 'Save my order'
              : 'Place my order'}
        </button>
        {isChanged && saved.length > 0 ? (
          <button
            type="button"
            className={controls.buttonSecondary}
            onClick={() => setLines(saved)}
            disabled={isBusy}
          >
            Undo changes
          </button>
        ) : null}
      </div>
      <p className={styles.hint} role="status">
        {status ||
          (isChanged
            ? 'Not sent yet.'
            : round.myOrder
              ? `Ordered — ${euros(round.myOrder.total)}, pay at the desk. You may change it until the deadline.`
              : '')}
      </p>
    </div>
  );
}

/** What the server refused, said per line: "Line 2 (Cola): at most 20". */
function refusalOf(
  error: unknown,
  lines: readonly DraftLine[],
  itemOf: (itemId: number) => FoodItem | undefined,
): string {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0)
    return `Your order was not saved: ${describeError(error)}`;
  return Object.entries(error.errors)
    .map(([field, messages]) => {
      const at = /^lines\.(\d+)/.exec(field);
      const line = at ? lines[Number(at[1])] : undefined;
      const where = line
        ? `Line ${Number(at?.[1]) + 1} (${itemOf(line.itemId)?.name ?? 'gone'})`
        : 'Your order';
      return `${where}: ${messages.join(' ')}`;
    })
    .join(' ');
}

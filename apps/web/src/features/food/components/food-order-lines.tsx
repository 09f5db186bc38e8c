import type { FoodOrder } from '@lanparty/contract';
import { euros } from '../model/food-money.ts';
import styles from './food.module.css';

/** An order's lines as they were ordered: how many, the item, its choices and note, the amount. */
export function FoodOrderLines({ lines }: { lines: FoodOrder['lines'] }) {
  return (
    <ul className={styles.lines}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order
        <li key={index} className={styles.line}>
          <span>
            {line.quantity} × {line.name}
            {line.choices.length > 0
              ? ` (${line.choices.map((choice) => choice.name).join(', ')})`
              : ''}
            {line.note ? <span className={styles.note}> — {line.note}</span> : null}
          </span>
          <span className={styles.price}>{euros(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

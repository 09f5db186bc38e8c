import type { FoodRound } from '@lanparty/contract';
import { useId } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { CsvDownload } from '../../../components/csv-download/csv-download.tsx';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useFoodRoundOrders, useMarkFoodOrderPaid } from '../api/food.ts';
import { euros } from '../model/food-money.ts';
import styles from './food-admin.module.css';

/**
 * A round's orders for its organiser: what to tell the supplier (each item with the same
 * choices counted together), the whole amount with what was paid and what is still to
 * pay, and each person's order with their seat for the delivery and whether they paid.
 */
export function FoodRoundOrders({ lanId, round }: { lanId: number; round: FoodRound }) {
  const orders = useFoodRoundOrders(lanId, round.id);
  const paid = useMarkFoodOrderPaid(lanId, round.id);
  const totalsId = useId();
  const ordersId = useId();
  return (
    <QueryStatus query={orders} failure="The orders could not be loaded.">
      {({ orders: list, totals }) => (
        <>
          <h4 id={totalsId}>For the call to {round.supplier}</h4>
          <div className={styles.scroll}>
            <table className={styles.totals} aria-labelledby={totalsId}>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className={styles.number}>
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {totals.items.map((item) => (
                  <tr key={`${item.itemId}:${item.choices.join(',')}`}>
                    <td>
                      <strong>{item.quantity} ×</strong> {item.name}
                      {item.choices.length > 0 ? (
                        <span className={styles.muted}> ({item.choices.join(', ')})</span>
                      ) : null}
                    </td>
                    <td className={styles.number}>{euros(item.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.sums}>
            <span>Total {euros(totals.amount)}</span>
            <span>Paid {euros(totals.paid)}</span>
            <span>Still to pay {euros(totals.outstanding)}</span>
          </p>
          <h4 id={ordersId}>Who ordered what</h4>
          <div className={styles.scroll}>
            <table className={styles.orders} aria-labelledby={ordersId}>
              <thead>
                <tr>
                  <th scope="col">Who, what</th>
                  <th scope="col" className={styles.number}>
                    Total, paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((order) => (
                  <tr key={order.orderId}>
                    <td>
                      <strong>{order.nickname}</strong>{' '}
                      <span className={styles.muted}>
                        · {order.seat ? `Seat ${order.seat}` : 'No seat'}
                      </span>
                      <ul className={styles.lineList}>
                        {order.lines.map((line, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order
                          <li key={index}>
                            {line.quantity} × {line.name}
                            {line.choices.length > 0
                              ? ` (${line.choices.map((choice) => choice.name).join(', ')})`
                              : ''}
                            {line.note ? (
                              <span className={styles.muted}> — {line.note}</span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={styles.number}>
                      {euros(order.total)}
                      <label className={`${forms.checkbox} ${styles.paid}`}>
                        <input
                          type="checkbox"
                          checked={order.paid}
                          onChange={(event) =>
                            paid.mutate({ orderId: order.orderId, paid: event.target.checked })
                          }
                        />
                        <span aria-hidden="true">Paid</span>
                        <span className="visually-hidden">
                          {order.nickname} paid {euros(order.total)}
                        </span>
                      </label>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AlertText
            message={
              paid.isError ? `The payment was not saved: ${describeError(paid.error)}` : null
            }
          />
          <CsvDownload
            path={`/api/food-rounds/${round.id}/orders.csv`}
            fileName={`food-round-${round.id}-orders.csv`}
          />
        </>
      )}
    </QueryStatus>
  );
}

import type { FoodRoundOrders } from '@lanparty/contract';
import { type Column, type CsvOptions, csvFileName, writeCsv } from '../../lib/csv.ts';

type OrderRow = FoodRoundOrders['orders'][number];
type LineRow = { order: OrderRow; line: OrderRow['lines'][number] };

/** One row a line of an order: who, where they sit, what, how many, the money and the note. */
const columns: readonly Column<LineRow>[] = [
  { header: 'Order ID', cell: ({ order }) => ({ number: order.orderId }) },
  { header: 'Nickname', cell: ({ order }) => ({ text: order.nickname }) },
  { header: 'Seat', cell: ({ order }) => ({ text: order.seat }) },
  { header: 'Item', cell: ({ line }) => ({ text: line.name }) },
  { header: 'Choices', cell: ({ line }) => ({ text: line.choices.map((c) => c.name).join(', ') }) },
  { header: 'Quantity', cell: ({ line }) => ({ number: line.quantity }) },
  { header: 'Price each (€)', cell: ({ line }) => ({ money: line.unitPrice }) },
  { header: 'Amount (€)', cell: ({ line }) => ({ money: line.amount }) },
  { header: 'Note', cell: ({ line }) => ({ text: line.note }) },
  { header: 'Order total (€)', cell: ({ order }) => ({ money: order.total }) },
  { header: 'Paid', cell: ({ order }) => ({ yes: order.paid }) },
];

/** A round's orders as CSV, a row a line, in both dialects like the participants' (lib/csv.ts). */
export function foodOrdersCsv(orders: FoodRoundOrders['orders'], options: CsvOptions): string {
  return writeCsv(
    columns,
    orders.flatMap((order) => order.lines.map((line) => ({ order, line }))),
    options,
  );
}

/** `food-pizzeria-roma.csv`. */
export function foodOrdersFileName(round: { id: number; supplier: string }): string {
  return csvFileName('food', round.supplier, `round-${round.id}`);
}

import { clanKey, type SeatKind, seatKey, seatLabels } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import { insertClan, insertClanMember } from '../clans/clans.repository.ts';
import { createInviteCode } from '../clans/clans.service.ts';
import { takeSeat } from '../seating/seat-picks.repository.ts';
import {
  findSeats,
  insertSeatBlock,
  insertSeats,
  type SeatFields,
  saveSeatPlan,
} from '../seating/seating.repository.ts';

/** A lan to seat: its id and its participants (Accepted or Paid), in the order they came. */
export type LanToSeat = { id: number; participants: readonly number[] };

const publishedPlan = (width: number, height: number) => ({
  opensAt: null,
  locksAt: null,
  published: true,
  width,
  height,
});

/** Rows of seats, one block each ("Row A" …), every other grid line, with their kinds. */
async function seatRows(
  trx: Executor,
  lanId: number,
  rows: readonly {
    prefix: string;
    count: number;
    name: string;
    kindOf?: (n: number) => SeatKind;
  }[],
) {
  for (const [index, row] of rows.entries()) {
    const blockId = await insertSeatBlock(trx, {
      lanId,
      name: row.name,
      nameKey: seatKey(row.name),
      clanId: null,
    });
    const seats: SeatFields[] = seatLabels(row.prefix, row.count).map((label, x) => ({
      label,
      labelKey: seatKey(label),
      x: x + (x >= row.count / 2 ? 1 : 0),
      y: index * 2,
      kind: row.kindOf?.(x + 1) ?? 'standard',
      blockId,
    }));
    await insertSeats(trx, lanId, seats);
  }
}

/**
 * The demo's seat plans (issue 34): the open lan has about sixty seats in five rows of
 * twelve (crew seats, an accessible one and two blocked by a pillar), two clans of its
 * participants seated together and a few others seated alone, most seats free; the full
 * house is fully seated at two tables of eight (and more at a larger scale).
 */
export async function seedDemoSeating(
  trx: Executor,
  { open, full }: { open: LanToSeat; full: LanToSeat },
  now: Date,
): Promise<void> {
  await saveSeatPlan(trx, open.id, publishedPlan(13, 10), now);
  await seatRows(trx, open.id, [
    { prefix: 'A', count: 12, name: 'Row A' },
    { prefix: 'B', count: 12, name: 'Row B' },
    {
      prefix: 'C',
      count: 12,
      name: 'Row C',
      kindOf: (n) => (n === 6 || n === 7 ? 'blocked' : 'standard'),
    },
    { prefix: 'D', count: 12, name: 'Row D' },
    {
      prefix: 'E',
      count: 12,
      name: 'Row E',
      kindOf: (n) => (n <= 3 ? 'crew' : n === 12 ? 'accessible' : 'standard'),
    },
  ]);
  const seats = await findSeats(trx, open.id);
  const seatCalled = (label: string) => seats.find((seat) => seat.label === label)?.id;

  const clans = [
    { name: 'Pixel Pirates', tag: 'PXP', colour: '#1e6fd9', seats: ['B1', 'B2', 'B3'] },
    { name: 'Lag Legends', tag: 'LAG', colour: '#b5177d', seats: ['D7', 'D8', 'D9'] },
  ];
  const [first = [], second = []] = [open.participants.slice(0, 3), open.participants.slice(3, 6)];
  for (const [index, members] of [first, second].entries()) {
    const clan = clans[index];
    if (!clan || members.length === 0) continue;
    const row = await insertClan(trx, {
      name: clan.name,
      nameKey: clanKey(clan.name),
      tag: clan.tag,
      tagKey: clanKey(clan.tag),
      colour: clan.colour,
      code: createInviteCode(),
      now,
    });
    for (const [position, userId] of members.entries()) {
      await insertClanMember(trx, {
        clanId: row.id,
        userId,
        role: position === 0 ? 'leader' : position === 1 ? 'seatManager' : 'member',
        now,
      });
      const seatId = seatCalled(clan.seats[position] as string);
      if (seatId) await takeSeat(trx, seatId, userId, now);
    }
  }
  for (const [index, userId] of open.participants.slice(6, 8).entries()) {
    const seatId = seatCalled(['A5', 'C10'][index] as string);
    if (seatId) await takeSeat(trx, seatId, userId, now);
  }

  const tables = Math.max(2, Math.ceil(full.participants.length / 8));
  await saveSeatPlan(trx, full.id, publishedPlan(9, tables * 2), now);
  await seatRows(
    trx,
    full.id,
    Array.from({ length: tables }, (_, index) => ({
      prefix: `T${index + 1}-`,
      count: 8,
      name: `Table ${index + 1}`,
    })),
  );
  const fullSeats = await findSeats(trx, full.id);
  for (const [index, userId] of full.participants.entries()) {
    const seat = fullSeats[index];
    if (seat) await takeSeat(trx, seat.id, userId, now);
  }
}

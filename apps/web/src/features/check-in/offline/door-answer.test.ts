import { createHash } from 'node:crypto';
import type { DoorList, DoorTicket } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { afterOfflineCheckIn, answerFromList, hashOfCode } from './door-answer.ts';

const serverHash = (normalized: string) => createHash('sha256').update(normalized).digest('hex');

function ticket(overrides: Partial<DoorTicket> & { code: string; shortCode: string }): DoorTicket {
  const { code, shortCode, ...rest } = overrides;
  return {
    subscriberId: 1,
    nickname: 'sam',
    status: 'Paid',
    amountDue: 0,
    seat: 'A3',
    checkedInAt: null,
    codeHash: serverHash(code),
    shortCodeHash: serverHash(shortCode),
    ...rest,
  };
}

const list = (tickets: DoorTicket[]): DoorList => ({
  asOf: '2026-12-05T18:04:00.000+01:00',
  tickets,
});

/* The door answering from the list on the phone (issue 53 §2). */
describe('the door list on the phone', () => {
  it('hashes a code as typed or scanned the way the server hashes it normalised', () => {
    expect(hashOfCode('7kq4-mz2x')).toBe(serverHash('7KQ4MZ2X'));
    // Crockford: O read as 0, I and L as 1; a scanned ticket address gives its code.
    expect(hashOfCode('OIL0 ABCD')).toBe(serverHash('0110ABCD'));
    expect(hashOfCode('https://lan.example/lans/3#code=ABCD1234EFGH')).toBe(
      serverHash('ABCD1234EFGH'),
    );
  });

  it('lets a Paid ticket in by its long or short code, and says when one was in already', () => {
    const paid = ticket({ code: 'ABCDEFGH0001', shortCode: 'SHRT0001' });
    expect(answerFromList(list([paid]), 'abcdefgh0001', false)).toEqual({
      kind: 'present',
      ticket: paid,
      firstAt: null,
    });
    expect(answerFromList(list([paid]), 'SHRT-0001', false).kind).toBe('present');
    const inAlready = { ...paid, checkedInAt: '2026-12-05T17:58:00.000+01:00' };
    expect(answerFromList(list([inAlready]), 'SHRT0001', false)).toMatchObject({
      kind: 'present',
      firstAt: '2026-12-05T17:58:00.000+01:00',
    });
  });

  it('asks for the money of an Accepted ticket, and lets it in once taken or when none is due', () => {
    const accepted = ticket({
      code: 'ABCDEFGH0002',
      shortCode: 'SHRT0002',
      status: 'Accepted',
      amountDue: 25,
    });
    expect(answerFromList(list([accepted]), 'SHRT0002', false)).toMatchObject({
      kind: 'due',
      amountDue: 25,
    });
    expect(answerFromList(list([accepted]), 'SHRT0002', true).kind).toBe('present');
    const free = { ...accepted, amountDue: 0 };
    expect(answerFromList(list([free]), 'SHRT0002', false).kind).toBe('present');
  });

  it('refuses Pending, Denied and codes the list does not hold', () => {
    const pending = ticket({ code: 'ABCDEFGH0003', shortCode: 'SHRT0003', status: 'Pending' });
    const denied = ticket({ code: 'ABCDEFGH0004', shortCode: 'SHRT0004', status: 'Denied' });
    const tickets = list([pending, denied]);
    expect(answerFromList(tickets, 'SHRT0003', true)).toMatchObject({
      kind: 'refused',
      message: 'sam has no place: their subscription is still pending.',
    });
    expect(answerFromList(tickets, 'SHRT0004', true)).toMatchObject({
      kind: 'refused',
      message: 'sam was denied a place at this lan.',
    });
    expect(answerFromList(tickets, 'ANOTHER-LAN', false)).toMatchObject({
      kind: 'refused',
      ticket: undefined,
      message: expect.stringContaining('(door list as of 18:04)'),
    });
  });

  it('marks a ticket checked in on the list at the scan, on the community’s clocks', () => {
    const accepted = ticket({
      code: 'ABCDEFGH0005',
      shortCode: 'SHRT0005',
      status: 'Accepted',
      amountDue: 25,
    });
    const after = afterOfflineCheckIn(
      list([accepted]),
      accepted,
      new Date('2026-12-05T17:10:30.000Z'),
    );
    expect(after.tickets[0]).toMatchObject({
      status: 'Paid',
      amountDue: 0,
      checkedInAt: '2026-12-05T18:10:30.000+01:00',
    });
  });
});

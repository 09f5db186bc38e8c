import {
  checkInCodeAlphabet,
  formatCheckInCode,
  shortCheckInCodeLength,
} from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { attemptLimits } from '../limits/attempt-limits.ts';

const allowedMisses = attemptLimits.shortCodeMissesPerUser.maxAttempts;

describe.each(testEngines)('the ticket’s short code on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine);

  const { checkIn, ticket, ownCodes } = api;

  const storedShortCode = async (subscriberId: number) =>
    (
      await site.db
        .selectFrom('subscribers')
        .select('short_code')
        .where('id', '=', subscriberId)
        .executeTakeFirstOrThrow()
    ).short_code as string;

  /** A short code of the right shape that no ticket of the lan has. */
  const unknownShortCode = async (lanId: number, index: number) => {
    const taken = await site.db
      .selectFrom('subscribers')
      .select('short_code')
      .where('lan_id', '=', lanId)
      .execute();
    const code = `ZZZZ${String(index).padStart(4, '0')}`;
    expect(taken.map((row) => row.short_code)).not.toContain(code);
    return code;
  };

  it('gives every ticket a short code of 8 characters beside its long one', async () => {
    const lan = await api.createLan();
    const { who, id } = await ticket(lan.id, 'accepted');
    const { checkInCode, shortCode } = await ownCodes(who, id);
    expect(checkInCode).toHaveLength(26);
    expect(shortCode).toHaveLength(shortCheckInCodeLength);
    expect([...(shortCode ?? '')].every((letter) => checkInCodeAlphabet.includes(letter))).toBe(
      true,
    );
    expect((await api.participantOf(lan.id, id)).shortCode).toBe(shortCode);
  });

  it('shows no short code without a place, as with the long one', async () => {
    const lan = await api.createLan();
    const { who, id } = await ticket(lan.id);
    expect(await ownCodes(who, id)).toEqual({ checkInCode: null, shortCode: null });
    expect(await storedShortCode(id)).toHaveLength(shortCheckInCodeLength);
  });

  it.each([
    ['as stored', (code: string) => code],
    ['in lower case with its dash', (code: string) => formatCheckInCode(code).toLowerCase()],
    ['with spaces', (code: string) => ` ${code.slice(0, 4)} ${code.slice(4)} `],
    ['with O for 0 and l for 1', (code: string) => code.replaceAll('0', 'O').replaceAll('1', 'l')],
  ])('checks a ticket in by its short code %s', async (_name, write) => {
    const lan = await api.createLan();
    const { who, id } = await ticket(lan.id, 'paid');
    const { shortCode } = await ownCodes(who, id);
    const response = await checkIn(lan.id, { code: write(shortCode ?? '') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      alreadyPresent: false,
      subscriber: { subscriberId: id, present: true, shortCode },
    });
  });

  it('asks for the money of an Accepted ticket read out by its short code, then lets it in', async () => {
    const lan = await api.createLan({ price: 30, membersPrice: 25 });
    const { who, id } = await ticket(lan.id, 'accepted');
    const { shortCode } = await ownCodes(who, id);
    const due = await checkIn(lan.id, { code: shortCode ?? '' });
    expect(due.statusCode).toBe(409);
    expect(due.json()).toMatchObject({ subscriberId: id, amountDue: 30 });
    const paid = await checkIn(lan.id, { code: shortCode ?? '', paid: true });
    expect(paid.json()).toMatchObject({ subscriber: { status: 'Paid', present: true } });
  });

  it('finds a short code only in its own lan', async () => {
    const lan = await api.createLan();
    const other = await api.createLan();
    const { id } = await ticket(other.id, 'paid');
    const response = await checkIn(lan.id, { code: await storedShortCode(id) });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/^No ticket of this lan has this short code/);
    expect(await api.storedPresence(id)).toBeNull();
  });

  it('keeps the short codes of one lan apart', async () => {
    const lan = await api.createLan();
    const ids = [];
    for (let index = 0; index < 12; index += 1) ids.push((await ticket(lan.id)).id);
    const codes = await Promise.all(ids.map(storedShortCode));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('refuses a guessing run of short codes with 429 and Retry-After, whatever the address says', async () => {
    const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
    const lan = await api.createLan();
    const { who, id } = await ticket(lan.id, 'paid');
    const { checkInCode, shortCode } = await ownCodes(who, id);
    for (let index = 0; index < allowedMisses; index += 1) {
      const miss = await checkIn(lan.id, { code: await unknownShortCode(lan.id, index) }, admin, {
        'x-forwarded-for': `203.0.113.${index}`,
      });
      expect(miss.statusCode).toBe(404);
    }
    const refused = await checkIn(lan.id, { code: await unknownShortCode(lan.id, 999) }, admin, {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(
      /^Too many short codes that found no ticket\. Please try again in .+, or scan the ticket’s QR code or type its long code meanwhile\.$/,
    );
    // Even the right short code waits now; nothing is checked in by it.
    expect((await checkIn(lan.id, { code: shortCode ?? '' }, admin)).statusCode).toBe(429);
    expect(await api.storedPresence(id)).toBeNull();
    // The QR code's long code is not limited, and another administrator has their own count.
    expect((await checkIn(lan.id, { code: checkInCode ?? '' }, admin)).statusCode).toBe(200);
    expect((await checkIn(lan.id, { code: shortCode ?? '' })).statusCode).toBe(200);
  });

  it('counts only the misses: a door reading out many good codes is never refused', async () => {
    const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
    const lan = await api.createLan();
    const { who, id } = await ticket(lan.id, 'paid');
    const { shortCode } = await ownCodes(who, id);
    for (let index = 0; index < allowedMisses + 10; index += 1) {
      const response = await checkIn(lan.id, { code: shortCode ?? '' }, admin);
      expect(response.statusCode).toBe(200);
    }
    for (let index = 0; index < allowedMisses; index += 1)
      expect(
        (await checkIn(lan.id, { code: await unknownShortCode(lan.id, index) }, admin)).statusCode,
      ).toBe(404);
    expect(
      (await checkIn(lan.id, { code: await unknownShortCode(lan.id, 999) }, admin)).statusCode,
    ).toBe(429);
  });

  it('shares the count between servers of one database', async () => {
    const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
    const lan = await api.createLan();
    const db = createDatabase(site.config.database);
    const second = await buildApp(site.config, { db, isRunningJobs: false });
    try {
      await second.ready();
      for (let index = 0; index < allowedMisses; index += 1) {
        const server = index % 2 === 0 ? site.app : second;
        const miss = await server.inject({
          method: 'POST',
          url: `/api/lans/${lan.id}/check-ins`,
          headers: admin.headers,
          payload: { code: await unknownShortCode(lan.id, index) },
        });
        expect(miss.statusCode).toBe(404);
      }
      for (const server of [site.app, second]) {
        const refused = await server.inject({
          method: 'POST',
          url: `/api/lans/${lan.id}/check-ins`,
          headers: admin.headers,
          payload: { code: await unknownShortCode(lan.id, 999) },
        });
        expect(refused.statusCode).toBe(429);
      }
      const stored = await site.db
        .selectFrom('attempt_counters')
        .select('key')
        .where('key', 'like', 'short-code-user:%')
        .execute();
      expect(stored.length).toBeGreaterThan(0);
    } finally {
      await second.close();
      await db.destroy();
    }
  });

  it('refuses a lanner’s short codes with 403, before any lookup', async () => {
    const lan = await api.createLan();
    const lanner = await api.person();
    for (let index = 0; index < allowedMisses + 2; index += 1) {
      const response = await checkIn(lan.id, { code: `ZZZZ${index}`.padEnd(8, '0') }, lanner);
      expect(response.statusCode).toBe(403);
    }
  });
});

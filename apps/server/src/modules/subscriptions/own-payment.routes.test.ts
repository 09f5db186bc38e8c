import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import type { SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

type Money = {
  amountDue: number | null;
  amountPaid: number | null;
  amountOutstanding: number | null;
};

/*
 * A lanner's own subscription tells them what their place costs, what they paid and what is
 * still to pay (issue 32): the three amounts the organiser sees, never the price of today.
 */
describe.each(testEngines)('the money of a lanner’s own subscription on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);

  const ownMoney = async (who: SignedIn): Promise<Array<Money & { id: number }>> => {
    const response = await api.request(who, 'GET', '/api/users/me/subscriptions');
    expect(response.statusCode).toBe(200);
    return (response.json().items as Array<Money & { id: number }>).map(
      ({ id, amountDue, amountPaid, amountOutstanding }) => ({
        id,
        amountDue,
        amountPaid,
        amountOutstanding,
      }),
    );
  };
  const organiserMoney = async (lanId: number, subscriberId: number): Promise<Money> => {
    const { amountDue, amountPaid, amountOutstanding } = await api.participantOf(
      lanId,
      subscriberId,
    );
    return { amountDue, amountPaid, amountOutstanding };
  };

  it('owes nothing while pending, the price once accepted, and nothing more once paid', async () => {
    const lan = await api.createLan({ price: 27.5, membersPrice: 20 });
    const owner = await api.person();
    const { id } = await api.subscribe(lan.id, owner);
    const none = { amountDue: null, amountPaid: null, amountOutstanding: null };
    expect(await ownMoney(owner)).toEqual([{ id, ...none }]);

    await api.setStatus(id, 'accepted');
    const accepted = { amountDue: 27.5, amountPaid: 0, amountOutstanding: 27.5 };
    expect(await ownMoney(owner)).toEqual([{ id, ...accepted }]);
    expect(await organiserMoney(lan.id, id)).toEqual(accepted);

    await api.setStatus(id, 'paid');
    const paid = { amountDue: 27.5, amountPaid: 27.5, amountOutstanding: 0 };
    expect(await ownMoney(owner)).toEqual([{ id, ...paid }]);
    expect(await organiserMoney(lan.id, id)).toEqual(paid);

    await api.setStatus(id, 'denied');
    expect(await ownMoney(owner)).toEqual([{ id, ...none }]);
  });

  it('keeps the member price fixed at acceptance when the prices change afterwards', async () => {
    const lan = await api.createLan({ price: 30, membersPrice: 25 });
    const member = await api.person({ roles: ['Lanner', 'Member'] });
    const { id } = await api.subscribe(lan.id, member);
    await api.setStatus(id, 'accepted');
    expect((await api.updateLan(lan.id, { price: 45, membersPrice: 40 })).statusCode).toBe(200);
    expect(await ownMoney(member)).toEqual([
      { id, amountDue: 25, amountPaid: 0, amountOutstanding: 25 },
    ]);
  });

  it('shows nobody’s money to anyone else', async () => {
    const lan = await api.createLan({ price: 30, membersPrice: 25 });
    const owner = await api.person();
    const other = await api.person();
    const { id } = await api.subscribe(lan.id, owner);
    await api.setStatus(id, 'paid');
    expect(await ownMoney(other)).toEqual([]);
    for (const url of [`/api/lans/${lan.id}`, `/api/lans/${lan.id}/subscribers`]) {
      const response = await api.request(other, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toMatch(/amountDue|amountPaid|amountOutstanding/);
    }
  });
});

import { checkInCodeAlphabet, formatCheckInCode } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import type { SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const codePattern = new RegExp(`^[${checkInCodeAlphabet}]{26}$`);

describe.each(testEngines)('ticket codes on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);

  const ownCodes = async (who: SignedIn) => {
    const response = await api.request(who, 'GET', '/api/users/me/subscriptions');
    expect(response.statusCode).toBe(200);
    return (response.json().items as Array<{ id: number; checkInCode: string | null }>).map(
      ({ id, checkInCode }) => ({ id, checkInCode }),
    );
  };

  it('shows the owner their code only while Accepted or Paid', async () => {
    const lan = await api.createLan();
    const owner = await api.person();
    const { id } = await api.subscribe(lan.id, owner);
    const stored = await api.storedCode(id);
    expect(stored).toMatch(codePattern);
    expect(await ownCodes(owner)).toEqual([{ id, checkInCode: null }]);
    await api.setStatus(id, 'accepted');
    expect(await ownCodes(owner)).toEqual([{ id, checkInCode: stored }]);
    await api.setStatus(id, 'paid');
    expect(await ownCodes(owner)).toEqual([{ id, checkInCode: stored }]);
    await api.setStatus(id, 'denied');
    expect(await ownCodes(owner)).toEqual([{ id, checkInCode: null }]);
    await api.setStatus(id, 'pending');
    expect(await ownCodes(owner)).toEqual([{ id, checkInCode: null }]);
  });

  it('gives every ticket its own code', async () => {
    const lan = await api.createLan();
    const codes = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      const { id } = await api.subscribe(lan.id, await api.person());
      codes.add(await api.storedCode(id));
    }
    expect(codes.size).toBe(5);
  });

  it('never shows a code in a public answer or to another lanner', async () => {
    const lan = await api.createLan({ name: 'Ticket lan' });
    const owner = await api.person();
    const other = await api.person();
    const paid = await api.subscribe(lan.id, owner);
    await api.setStatus(paid.id, 'paid');
    const accepted = await api.subscribe(lan.id, other);
    await api.setStatus(accepted.id, 'accepted');
    const pending = await api.subscribe(lan.id, await api.person());
    const codes = await Promise.all(
      [paid.id, accepted.id, pending.id].map((id) => api.storedCode(id)),
    );
    // The owners do see theirs, so the codes are there to be leaked.
    expect((await ownCodes(owner))[0]?.checkInCode).toBe(codes[0]);
    expect((await ownCodes(other))[0]?.checkInCode).toBe(codes[1]);

    const publicUrls = [
      '/api/lans',
      '/api/lans?limit=100',
      `/api/lans/${lan.id}`,
      `/api/lans/${lan.id}/subscribers`,
      '/api/users?limit=100',
      `/api/users/${owner.user.id}`,
      `/api/users/${other.user.id}`,
      '/api/lans.ics',
    ];
    const viewers: Array<[string, SignedIn | undefined]> = [
      ['anonymous', undefined],
      ['another lanner', await api.person()],
      ['the owner', owner],
      ['a lan administrator', api.admin],
    ];
    const leaks = (text: string) =>
      ['checkInCode', 'check_in_code', ...codes, ...codes.map(formatCheckInCode)].filter((needle) =>
        text.toLowerCase().includes(needle.toLowerCase()),
      );
    for (const [name, viewer] of viewers) {
      for (const url of publicUrls) {
        const response = await api.request(viewer, 'GET', url);
        expect(response.statusCode, `${url} as ${name}`).toBe(200);
        if (url.includes('lans'))
          expect(response.body, `${url} as ${name}`).toContain('Ticket lan');
        expect(leaks(response.body), `${url} as ${name}`).toEqual([]);
      }
    }
    // Another lanner's own subscriptions hold their code, never the owner's.
    const othersOwn = (await api.request(other, 'GET', '/api/users/me/subscriptions')).body;
    expect(othersOwn).toContain(codes[1]);
    for (const code of [codes[0], codes[2]] as string[]) expect(othersOwn).not.toContain(code);
    const strangersOwn = (
      await api.request(await api.person(), 'GET', '/api/users/me/subscriptions')
    ).body;
    expect(leaks(strangersOwn)).toEqual([]);
  });
});

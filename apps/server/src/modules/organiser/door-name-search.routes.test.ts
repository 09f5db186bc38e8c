import { personMatchesSearch } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

/*
 * The door searches the participants list in the browser (one list, already loaded for the
 * count) with the contract's personMatchesSearch, the one rule of every search of people.
 * What each engine must do for it: give the names back exactly as stored, accents and all,
 * so the search answers the same on both.
 */
describe.each(testEngines)('the door’s name search on %s', (engine) => {
  const { api } = setUpOrganiserSite(engine);

  it('finds Zoë by zoe, ZOE and zoë however her name was stored', async () => {
    const lan = await api.createLan();
    const people = [
      { nickname: 'Zoë', firstName: 'Zoë', surname: 'Janssen' },
      // Letter and combining mark apart (NFD), as some keyboards and imports write it.
      { nickname: 'zoe\u0308y', firstName: 'Zoe\u0308', surname: 'de Vries' },
      { nickname: 'ZOË_99', firstName: null, surname: null },
      { nickname: 'Chloé', firstName: 'Chloé', surname: 'Ærøe' },
      { nickname: 'Zack', firstName: 'Zack', surname: 'Özdemir' },
    ];
    for (const person of people) {
      const who = await api.person({ roles: ['Lanner'], ...person });
      const { id } = await api.subscribe(lan.id, who);
      await api.setStatus(id, 'accepted');
    }
    const listed = (await api.participantsOf(lan.id)).participants;

    // Stored and answered as written, on either engine.
    expect(
      listed.map(({ nickname, firstName, surname }) => ({ nickname, firstName, surname })),
    ).toEqual(expect.arrayContaining(people));

    const found = (search: string) =>
      listed
        .filter((participant) => personMatchesSearch(participant, search))
        .map(({ nickname }) => nickname)
        .sort();
    const zoes = ['ZOË_99', 'Zoë', 'zoe\u0308y'];
    expect(found('zoe')).toEqual(zoes);
    expect(found('ZOE')).toEqual(zoes);
    expect(found('zoë')).toEqual(zoes);
    expect(found('chloe aeroe')).toEqual(['Chloé']);
    expect(found('OZDEMIR')).toEqual(['Zack']);
    expect(found('zoey')).toEqual(['zoe\u0308y']);
  });
});

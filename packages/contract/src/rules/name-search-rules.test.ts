import { describe, expect, it } from 'vitest';
import { foldForSearch, namesMatchSearch, personMatchesSearch } from './name-search-rules.ts';

describe('foldForSearch', () => {
  it.each([
    ['Zoë', 'zoe'],
    ['ZOË', 'zoe'],
    ['Zoe\u0308', 'zoe'],
    ['Chloé Müller', 'chloe muller'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Straße', 'strasse'],
    ['Łukasz Đorđević', 'lukasz dordevic'],
    ['  Ana   María ', 'ana maria'],
    ['İbrahim', 'ibrahim'],
    ['ＦＲＡＧ', 'frag'],
  ])('folds %s to %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });
});

describe('namesMatchSearch', () => {
  const zoe = ['Zoë', 'Zoë', 'Janssen'];

  it.each(['zoe', 'ZOE', 'zoë', 'ZOË', 'Zoe\u0308', 'oe', 'jans'])('finds Zoë by %j', (search) => {
    expect(namesMatchSearch(zoe, search)).toBe(true);
  });

  it('finds a name stored as letter and mark by a search typed composed', () => {
    expect(namesMatchSearch(['Zoe\u0308'], 'zoë')).toBe(true);
  });

  it('finds first name and surname together', () => {
    expect(namesMatchSearch(['Zoë Janssen'], 'zoe jan')).toBe(true);
  });

  it('finds nothing for another name, or for an empty search', () => {
    expect(namesMatchSearch(zoe, 'zoey')).toBe(false);
    expect(namesMatchSearch(zoe, '   ')).toBe(false);
    expect(namesMatchSearch([null, undefined], 'zoe')).toBe(false);
  });
});

describe('personMatchesSearch', () => {
  const jose = { nickname: 'xXfragXx', firstName: 'José', surname: 'Ærøe' };

  it.each(['frag', 'jose', 'JOSÉ', 'aeroe', 'jose aer', 'Jose\u0301'])(
    'finds José by %j',
    (search) => {
      expect(personMatchesSearch(jose, search)).toBe(true);
    },
  );

  it('finds by the nickname alone where the names are not the searcher’s to see', () => {
    expect(personMatchesSearch({ nickname: 'xXfragXx' }, 'frag')).toBe(true);
    expect(personMatchesSearch({ nickname: 'xXfragXx' }, 'jose')).toBe(false);
    expect(personMatchesSearch({ nickname: 'Zoë', firstName: null, surname: null }, 'zoe')).toBe(
      true,
    );
  });

  it('finds nothing for another name, or for an empty search', () => {
    expect(personMatchesSearch(jose, 'joseph')).toBe(false);
    expect(personMatchesSearch(jose, ' ')).toBe(false);
  });
});

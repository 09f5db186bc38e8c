/** The people of the demo community: made up, with `@demo.lanparty.invalid` addresses. */
export type DemoLanner = {
  nickname: string;
  firstName: string;
  surname: string;
  city: string;
  birthDate: string;
  isMember: boolean;
};

export const demoLanners: readonly DemoLanner[] = [
  {
    nickname: 'fragmaster',
    firstName: 'Jesse',
    surname: 'de Jong',
    city: 'De Bilt',
    birthDate: '1995-03-13',
    isMember: true,
  },
  {
    nickname: 'n0va',
    firstName: 'Nina',
    surname: 'Jansen',
    city: 'Veenendaal',
    birthDate: '1986-02-27',
    isMember: false,
  },
  {
    nickname: 'pixelpete',
    firstName: 'Pieter',
    surname: 'de Vries',
    city: 'Utrecht',
    birthDate: '1988-06-19',
    isMember: false,
  },
  {
    nickname: 'bytequeen',
    firstName: 'Fleur',
    surname: 'van den Berg',
    city: 'Amersfoort',
    birthDate: '2001-04-02',
    isMember: true,
  },
  {
    nickname: 'l4gsw1tch',
    firstName: 'Sem',
    surname: 'van Dijk',
    city: 'Houten',
    birthDate: '1998-07-03',
    isMember: false,
  },
  {
    nickname: 'headshotHenk',
    firstName: 'Henk',
    surname: 'Bakker',
    city: 'Utrecht',
    birthDate: '1987-09-14',
    isMember: false,
  },
  {
    nickname: 'mausklik',
    firstName: 'Mees',
    surname: 'Visser',
    city: 'De Bilt',
    birthDate: '2003-02-08',
    isMember: true,
  },
  {
    nickname: 'RoosRage',
    firstName: 'Roos',
    surname: 'Smit',
    city: 'Maarssen',
    birthDate: '2005-10-02',
    isMember: false,
  },
  {
    nickname: 'tankdaddy',
    firstName: 'Bram',
    surname: 'Meijer',
    city: 'Houten',
    birthDate: '2003-07-02',
    isMember: false,
  },
  {
    nickname: 'glitchgirl',
    firstName: 'Lisa',
    surname: 'de Boer',
    city: 'Zeist',
    birthDate: '1986-09-28',
    isMember: true,
  },
  {
    nickname: 'noscope_niels',
    firstName: 'Niels',
    surname: 'Mulder',
    city: 'Veenendaal',
    birthDate: '1994-07-05',
    isMember: false,
  },
  {
    nickname: 'kaasbaas',
    firstName: 'Kees',
    surname: 'de Groot',
    city: 'Veenendaal',
    birthDate: '1988-10-10',
    isMember: false,
  },
  {
    nickname: 'wr41th',
    firstName: 'Wouter',
    surname: 'Bos',
    city: 'Maarssen',
    birthDate: '1990-02-19',
    isMember: true,
  },
  {
    nickname: 'respawnRik',
    firstName: 'Rik',
    surname: 'Vos',
    city: 'Amersfoort',
    birthDate: '2005-04-12',
    isMember: false,
  },
  {
    nickname: 'sniperSanne',
    firstName: 'Sanne',
    surname: 'Peters',
    city: 'Maarssen',
    birthDate: '2002-12-03',
    isMember: false,
  },
  {
    nickname: 'ctrlAltJeroen',
    firstName: 'Jeroen',
    surname: 'Hendriks',
    city: 'Woerden',
    birthDate: '1986-10-07',
    isMember: true,
  },
  {
    nickname: 'zwaardvis',
    firstName: 'Tim',
    surname: 'van Leeuwen',
    city: 'Bunnik',
    birthDate: '2002-07-25',
    isMember: false,
  },
  {
    nickname: 'bunnyhopper',
    firstName: 'Bas',
    surname: 'Dekker',
    city: 'Bunnik',
    birthDate: '1999-10-15',
    isMember: false,
  },
  {
    nickname: 'Latency',
    firstName: 'Lars',
    surname: 'Brouwer',
    city: 'Zeist',
    birthDate: '1994-04-26',
    isMember: true,
  },
  {
    nickname: 'm00nwalker',
    firstName: 'Emma',
    surname: 'de Wit',
    city: 'Nieuwegein',
    birthDate: '1992-02-19',
    isMember: false,
  },
  {
    nickname: 'critical_kim',
    firstName: 'Kim',
    surname: 'Dijkstra',
    city: 'Bilthoven',
    birthDate: '2001-08-11',
    isMember: false,
  },
  {
    nickname: 'DeNoob',
    firstName: 'Joris',
    surname: 'Smits',
    city: 'Amersfoort',
    birthDate: '1999-05-20',
    isMember: true,
  },
  {
    nickname: 'ninjaNina',
    firstName: 'Nina',
    surname: 'de Graaf',
    city: 'Zeist',
    birthDate: '1988-09-14',
    isMember: false,
  },
  {
    nickname: 'overclock',
    firstName: 'Ruben',
    surname: 'van der Meer',
    city: 'IJsselstein',
    birthDate: '1995-03-16',
    isMember: false,
  },
  {
    nickname: 'polderpwnr',
    firstName: 'Thijs',
    surname: 'van der Linden',
    city: 'Culemborg',
    birthDate: '1986-11-03',
    isMember: true,
  },
  {
    nickname: 'sk1llz',
    firstName: 'Sven',
    surname: 'Kok',
    city: 'Leusden',
    birthDate: '2002-10-26',
    isMember: false,
  },
  {
    nickname: 'turboTess',
    firstName: 'Tess',
    surname: 'Jacobs',
    city: 'Bunnik',
    birthDate: '1995-06-23',
    isMember: false,
  },
  {
    nickname: 'vortex',
    firstName: 'Vince',
    surname: 'de Haan',
    city: 'Culemborg',
    birthDate: '2004-08-19',
    isMember: true,
  },
  {
    nickname: 'yoloYara',
    firstName: 'Yara',
    surname: 'Vermeulen',
    city: 'Amersfoort',
    birthDate: '1999-02-27',
    isMember: false,
  },
  {
    nickname: 'zergling',
    firstName: 'Zoë',
    surname: 'van den Heuvel',
    city: 'De Bilt',
    birthDate: '1993-08-23',
    isMember: false,
  },
  {
    nickname: 'Ajax4Life',
    firstName: 'Ahmed',
    surname: 'El Amrani',
    city: 'Bilthoven',
    birthDate: '1987-01-24',
    isMember: true,
  },
  {
    nickname: 'blauwbaard',
    firstName: 'Bart',
    surname: 'van der Veen',
    city: 'De Bilt',
    birthDate: '1994-11-19',
    isMember: false,
  },
  {
    nickname: 'chickendinner',
    firstName: 'Chris',
    surname: 'van den Broek',
    city: 'IJsselstein',
    birthDate: '1999-05-23',
    isMember: false,
  },
  {
    nickname: 'dubbelklik',
    firstName: 'Daan',
    surname: 'de Bruijn',
    city: 'Bunnik',
    birthDate: '1996-01-15',
    isMember: true,
  },
  {
    nickname: 'eekhoorn',
    firstName: 'Eva',
    surname: 'de Bruin',
    city: 'Woerden',
    birthDate: '1990-10-04',
    isMember: false,
  },
  {
    nickname: 'frietje',
    firstName: 'Femke',
    surname: 'van der Heijden',
    city: 'Nieuwegein',
    birthDate: '1986-04-25',
    isMember: false,
  },
  {
    nickname: 'gamergrietje',
    firstName: 'Grietje',
    surname: 'Schouten',
    city: 'IJsselstein',
    birthDate: '1989-12-08',
    isMember: true,
  },
  {
    nickname: 'hakkebakker',
    firstName: 'Hugo',
    surname: 'van Beek',
    city: 'Zeist',
    birthDate: '1997-08-03',
    isMember: false,
  },
  {
    nickname: 'ijsbeer',
    firstName: 'Iris',
    surname: 'Willems',
    city: 'Nieuwegein',
    birthDate: '1999-07-18',
    isMember: false,
  },
  {
    nickname: 'jumpjan',
    firstName: 'Jan',
    surname: 'van Vliet',
    city: 'Veenendaal',
    birthDate: '1989-07-28',
    isMember: true,
  },
];

type Draw = { below: (limit: number) => number };

/**
 * The people of a demo community `scale` times the usual size: the usual forty first, then
 * `scale - 1` more of each of them (`fragmaster_2`, …), with first names, surnames and
 * towns drawn from the usual forty's, born between 1980 and 2006, members as often as they
 * are. Scale 1 is the usual forty, unchanged.
 */
export function demoLannersAt(scale: number, random: Draw): DemoLanner[] {
  const people = [...demoLanners];
  const pickOf = (field: 'firstName' | 'surname' | 'city') =>
    (demoLanners[random.below(demoLanners.length)] as DemoLanner)[field];
  for (let copy = 2; copy <= scale; copy += 1) {
    for (const person of demoLanners) {
      const born = Date.UTC(1980, 0, 1) + random.below(27 * 365) * 86_400_000;
      people.push({
        nickname: `${person.nickname}_${copy}`,
        firstName: pickOf('firstName'),
        surname: pickOf('surname'),
        city: pickOf('city'),
        birthDate: new Date(born).toISOString().slice(0, 10),
        isMember: person.isMember,
      });
    }
  }
  return people;
}

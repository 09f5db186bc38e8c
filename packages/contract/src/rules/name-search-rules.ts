/**
 * Letters that carry their accent in themselves: Unicode does not take them apart into a
 * letter and a mark, so they are spelt out (Ø as o, ß as ss), the way a person who cannot
 * type them would.
 */
const spelledLetters: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

const spelledLetter = new RegExp(`[${Object.keys(spelledLetters).join('')}]`, 'g');

/**
 * A name as a search compares it: lower case, accents gone (Zoë, ZOË and Zoe\u0308, its
 * letter and mark apart, are all `zoe`), spaces run together. Typed searches go through it
 * too, so "zoe" finds Zoë and "zoë" finds Zoe.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(spelledLetter, (letter) => spelledLetters[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether any of the names (a nickname, a first name, a surname, …) contains the search,
 * with case and accents ignored. An empty search matches nothing.
 */
export function namesMatchSearch(
  names: ReadonlyArray<string | null | undefined>,
  search: string,
): boolean {
  const needle = foldForSearch(search);
  if (needle === '') return false;
  return names.some((name) => name != null && foldForSearch(name).includes(needle));
}

/**
 * A person as a search of people finds them: the nickname, and the first name and surname
 * where whoever searches may see them (a lan administrator at the door or on the seat map);
 * left out, the nickname alone.
 */
export type SearchedPerson = {
  nickname: string;
  firstName?: string | null;
  surname?: string | null;
};

/**
 * Whether a search finds the person: by nickname, first name, surname, or both names
 * together ("zoe jan"), case and accents ignored. The one rule of every search of people:
 * the door's, the seat map's "Find a lanner", the users of the admin.
 */
export function personMatchesSearch(person: SearchedPerson, search: string): boolean {
  const { nickname, firstName, surname } = person;
  const bothNames = firstName || surname ? `${firstName ?? ''} ${surname ?? ''}` : null;
  return namesMatchSearch([nickname, firstName, surname, bothNames], search);
}

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

// Words of a field name: an acronym (URL in URLValue), a capitalised or lower-case word, or digits.
const WORD_PATTERN = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/**
 * The label of a form field, from its camelCase name: `birthDate` → `Birth date`.
 * Only the first word is capitalised, acronyms included (`URLValue` → `Url value`),
 * so every label reads as a sentence.
 */
export function fieldLabel(name: string): string {
  const words = (name.match(WORD_PATTERN) ?? []).map((word) => word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

import { type CsvSeparator, csvSeparators } from '@lanparty/contract/rules';
import { useState } from 'react';

const storageKey = 'lanparty.participants-csv-separator';

/**
 * The spreadsheet dialect an organiser last chose, else a guess from the browser's
 * language: where numbers are written with a decimal comma (Dutch, German), a spreadsheet
 * splits a .csv on `;` (its list separator), so the semicolon dialect opens right there.
 */
export function initialCsvSeparator(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
  language: string = navigator.language,
): CsvSeparator {
  const stored = storage?.getItem(storageKey);
  if (csvSeparators.includes(stored as CsvSeparator)) return stored as CsvSeparator;
  return hasDecimalComma(language) ? 'semicolon' : 'comma';
}

function hasDecimalComma(language: string): boolean {
  try {
    return new Intl.NumberFormat(language).format(1.5).includes(',');
  } catch {
    return false;
  }
}

/** localStorage, or nothing where it cannot be used (a private window may refuse it). */
function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The dialect chosen for the participants CSV, remembered for the next download. */
export function useCsvSeparatorChoice(): [CsvSeparator, (separator: CsvSeparator) => void] {
  const [separator, setSeparator] = useState(() => initialCsvSeparator());
  const choose = (next: CsvSeparator) => {
    setSeparator(next);
    try {
      safeStorage()?.setItem(storageKey, next);
    } catch {
      // Not remembered (storage full or refused): the choice still holds on this screen.
    }
  };
  return [separator, choose];
}

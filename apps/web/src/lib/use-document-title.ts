import { useEffect } from 'react';

export const BASE_TITLE = 'Lanparty';
const SEPARATOR = ' – ';

/** `"<detail> – Lanparty"`, detail first so tabs and history read by page; the base alone without one. */
export function formatDocumentTitle(detail?: string): string {
  const trimmed = detail?.trim();
  return trimmed ? `${trimmed}${SEPARATOR}${BASE_TITLE}` : BASE_TITLE;
}

/** Sets `document.title` for the page that calls it. */
export function useDocumentTitle(detail?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(detail);
  }, [detail]);
}

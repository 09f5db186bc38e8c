import { screen, waitFor } from '@testing-library/react';

/**
 * The alert that says `text`, once it shows: a page may show others beside it (a section
 * whose read failed), in an order the test does not decide.
 */
export function findAlertSaying(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen
      .queryAllByRole('alert')
      .find((each) => each.textContent?.replace(/\s+/g, ' ').includes(text));
    if (!alert) throw new Error(`No alert says “${text}”.`);
    return alert;
  });
}

/** The record a route's `:id` names (a whole number from 1), or null when it names none. */
export function idParam(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

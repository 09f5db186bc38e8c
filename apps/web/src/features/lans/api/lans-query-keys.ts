/** Query keys of the public lan screens, so a change refreshes exactly what it touched. */
export const lansKeys = {
  all: ['lans'] as const,
  upcoming: (today: string) => ['lans', 'upcoming', today] as const,
  past: (today: string) => ['lans', 'past', today] as const,
  detail: (id: number) => ['lans', 'detail', id] as const,
  mySubscriptions: () => ['lans', 'my-subscriptions'] as const,
};

/** Today as the API's calendar date (yyyy-MM-dd), in the visitor's time zone. */
export function todayIsoDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

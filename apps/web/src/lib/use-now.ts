import { useEffect, useState } from 'react';

/** Now, read again every `everyMs`: for what changes with time alone ("Now" on a schedule). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

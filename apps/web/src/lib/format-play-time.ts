/** Play time as people say it: "45 min", "3 h 20 min", "12 h" (minutes left out from 10 h). */
export function formatPlayTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  const rest = minutes % 60;
  return hours >= 10 || rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

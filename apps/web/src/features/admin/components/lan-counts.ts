import type { Lan } from '@lanparty/contract';

/** Accepted plus Paid: the places taken (spec §4). */
export function countTakenPlaces(lan: Pick<Lan, 'subscribers'>): number {
  return lan.subscribers.filter(({ status }) => status === 'Accepted' || status === 'Paid').length;
}

export function countPending(lan: Pick<Lan, 'subscribers'>): number {
  return lan.subscribers.filter(({ status }) => status === 'Pending').length;
}

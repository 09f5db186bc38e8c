import type { UserListFilter } from '@lanparty/contract';

/** Filters of GET /api/users (spec §7): the contract's query schema, types only. */
export type { UserListFilter };

/** Query keys of everything about users, so a change can refresh exactly what it touched. */
export const usersKeys = {
  all: ['users'] as const,
  me: () => ['users', 'me'] as const,
  /** The viewer's subscriptions; subscribing and withdrawing refresh them. */
  mySubscriptions: () => ['users', 'me', 'subscriptions'] as const,
  /** The seat swaps the viewer asked for or was asked, at every lan and at one (issue 34). */
  allMySeatSwaps: () => ['users', 'me', 'seat-swaps'] as const,
  mySeatSwaps: (lanId: number) => ['users', 'me', 'seat-swaps', lanId] as const,
  syncStatus: () => ['users', 'sync-status'] as const,
  playtimeStatus: () => ['users', 'playtime-status'] as const,
  lists: () => ['users', 'list'] as const,
  list: (filter: UserListFilter) => ['users', 'list', filter] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  emailAddress: (email: string) => ['users', 'email-address', email] as const,
};

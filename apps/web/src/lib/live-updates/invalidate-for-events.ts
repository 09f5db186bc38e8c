import { type SeatEvent, seatEventsOf } from '@lanparty/contract/rules';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { showsClans } from '../clans/clans-query-keys.ts';
import { lansKeys } from '../lans/lans-query-keys.ts';
import { usersKeys } from '../users/users-query-keys.ts';
import type { LiveEvent } from './live-events.ts';

const sameKey = (key: QueryKey, other: QueryKey) =>
  key.length === other.length && key.every((part, index) => part === other[index]);
const startsWith = (key: QueryKey, prefix: QueryKey) =>
  sameKey(key.slice(0, prefix.length), prefix);

/**
 * Whether a lan query shows the lan: its detail or participants, and every list (a list
 * shows each lan's open places, and an edited date can move a lan into or out of one).
 */
function showsLan(key: QueryKey, lanId: number): boolean {
  if (key[0] !== lansKeys.all[0]) return false;
  const [, part, id] = key;
  return part === 'detail' ||
    part === 'participants' ||
    part === 'seating' ||
    part === 'schedule' ||
    part === 'announcements' ||
    part === 'food'
    ? id === lanId
    : true;
}

/**
 * Whether an event touched what a query holds:
 * - `lan`: that lan's detail and participants, and the lan lists (a new banner is a new
 *   `bannerVersion` on the lan).
 * - `subscriber`: that lan's detail and participants, the lists (open places), and the
 *   viewer's own subscriptions (it may be theirs: the event does not say whose).
 * - `user` (only ever the viewer's own): their profile and roles, and the user lists they
 *   may have joined or left (lanners, members, sign-ups); a new avatar is a new
 *   `avatarVersion` on them; a seat swap asked of them or answered, their seat swaps.
 * - `lanner`: what anyone may see of a user changed (their history hidden, a nickname, a
 *   role, an avatar): every user list (the lanners) and that user.
 * - `seat` and `seats`: that lan's participants (who sits where); its seat map follows
 *   the events itself (followSeatEvents, in invalidateForEvents).
 * - `seating`: that lan's seat map, read whole (a plan saved), and its participants.
 * - `schedule`: that lan's schedule; `announcement`: its announcements.
 * - `tournament`: that lan's tournaments listed, and that tournament shown.
 * - `screen` (a screen's own stream): the screens listed, and the screen shown, which may
 *   be switched off.
 * - `clan`: the clans, the viewer, and every user and lan read (a clan's tag stands beside
 *   its members' nicknames, in the user lists and on the lans' subscribers): rare, so
 *   broad; but not the viewer's Steam sync or playtime status (showsClans).
 * - `food`: that lan's food rounds, and (lan administrators alone hear of orders) their
 *   orders.
 * - `notice` (the person's own): their notices.
 * - `resync`: everything.
 */
export function isTouchedBy(event: LiveEvent, key: QueryKey): boolean {
  switch (event.kind) {
    case 'lan':
      return showsLan(key, event.lanId);
    case 'subscriber':
      return showsLan(key, event.lanId) || sameKey(key, usersKeys.mySubscriptions());
    case 'user':
      return (
        sameKey(key, usersKeys.me()) ||
        sameKey(key, usersKeys.detail(event.userId)) ||
        startsWith(key, usersKeys.lists()) ||
        startsWith(key, usersKeys.allMySeatSwaps())
      );
    case 'lanner':
      return startsWith(key, usersKeys.lists()) || sameKey(key, usersKeys.detail(event.userId));
    case 'seat':
    case 'seats':
      return sameKey(key, [lansKeys.all[0], 'participants', event.lanId]);
    case 'seating':
      return (
        sameKey(key, lansKeys.seating(event.lanId)) ||
        sameKey(key, [lansKeys.all[0], 'participants', event.lanId])
      );
    case 'schedule':
      return sameKey(key, lansKeys.schedule(event.lanId));
    case 'announcement':
      return sameKey(key, lansKeys.announcements(event.lanId));
    case 'screen':
      // screensKey (a lan's screens listed) and screenViewKey (the screen shown).
      return key[1] === 'screen';
    case 'tournament':
      // tournamentsKeys: a lan's tournaments listed, and a tournament shown.
      return (
        key[0] === 'tournaments' &&
        (key[1] === 'lan' ? key[2] === event.lanId : key[2] === event.tournamentId)
      );
    case 'clan':
      return showsClans(key);
    case 'food':
      // A lan's food rounds and, under them, their orders (issue 54).
      return key[1] === 'food' && showsLan(key, event.lanId);
    case 'notice':
      // The person's notices (issue 53), read by the bell.
      return key[0] === 'notices';
    case 'resync':
      return true;
  }
}

/**
 * Refetches what a burst of events touched, in one pass (a seat map follows its `seat`
 * events with the changes alone): shown queries now (each once,
 * however many events touched it), the others when next shown. A read already under way
 * is not cancelled and begun again (under a stream of events, as when hundreds pick seats,
 * it would never finish): it finishes, and as it began before these events, the query is
 * read once more after it.
 */
export async function invalidateForEvents(
  queryClient: QueryClient,
  events: readonly LiveEvent[],
): Promise<void> {
  // A lan's map follows its seat events, when this tab holds it (loaded only then).
  const heldMaps = new Map<number, SeatEvent[]>();
  for (const event of events)
    for (const seatEvent of seatEventsOf(event)) {
      if (!queryClient.getQueryState(lansKeys.seating(seatEvent.lanId))) continue;
      const held = heldMaps.get(seatEvent.lanId) ?? [];
      held.push(seatEvent);
      heldMaps.set(seatEvent.lanId, held);
    }
  if (heldMaps.size > 0)
    void import('../lans/follow-seat-changes.ts').then(({ followSeatEvents }) => {
      for (const [lanId, seatEvents] of heldMaps)
        void followSeatEvents(queryClient, lanId, seatEvents);
    });
  const predicate = (query: Query) => events.some((event) => isTouchedBy(event, query.queryKey));
  const underWay = queryClient.getQueryCache().findAll({ predicate, fetchStatus: 'fetching' });
  await queryClient.invalidateQueries({ predicate }, { cancelRefetch: false });
  if (underWay.length === 0) return;
  await queryClient.invalidateQueries(
    { predicate: (query) => underWay.includes(query) },
    { cancelRefetch: false },
  );
}

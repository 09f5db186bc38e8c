import type { Clan, Lan, Seat } from '@lanparty/contract';
import { isPlaceTaking, seatsTheClan } from '@lanparty/contract/rules';
import { canManageLans } from '../../../lib/access-rules.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { useViewersClan } from '../api/get-clan.ts';
import type { SeatingViewer } from '../model/seat-view.ts';
import type { SeatCandidate } from './seat-dialog.tsx';

/**
 * The viewer as the map needs them: their place at the lan, their clan and role in it
 * (GET /api/clans/{id}: whether they seat it), and the people they may seat.
 */
export function useSeatingViewer(lan: Lan, seats: readonly Seat[]) {
  const viewer = useViewer();
  const user = viewer.user;
  const clanSummary = user?.clan ?? null;
  const clan = useViewersClan(clanSummary?.id ?? null);
  const role = clan.data?.members.find((member) => member.user.id === user?.id)?.role;
  const seatingViewer: SeatingViewer = {
    userId: user?.id ?? null,
    clanId: clanSummary?.id ?? null,
    isParticipant: lan.subscribers.some(
      (subscriber) => subscriber.user.id === user?.id && isPlaceTaking(subscriber.status),
    ),
    isLanAdministrator: canManageLans(viewer),
    seatsTheClan: role !== undefined && seatsTheClan(role),
  };
  return {
    viewer: seatingViewer,
    clan: clanSummary,
    candidates: candidatesFor(seatingViewer, lan, clan.data, seats),
  };
}

/** Whom the viewer may seat: every participant (administrators), their clan's (managers). */
function candidatesFor(
  viewer: SeatingViewer,
  lan: Lan,
  clan: Clan | undefined,
  seats: readonly Seat[],
): SeatCandidate[] {
  const seatOf = new Map(
    seats.flatMap((seat) => (seat.occupant ? [[seat.occupant.userId, seat.label] as const] : [])),
  );
  const people = viewer.isLanAdministrator
    ? lan.subscribers
        .filter((subscriber) => isPlaceTaking(subscriber.status))
        .map((subscriber) => subscriber.user)
    : viewer.seatsTheClan && clan
      ? clan.members
          .filter((member) => member.comingLans.some((coming) => coming.id === lan.id))
          .map((member) => member.user)
      : [];
  return people
    .map((person) => ({
      userId: person.id,
      nickname: person.nickname,
      seatLabel: seatOf.get(person.id) ?? null,
    }))
    .sort((a, b) => a.nickname.localeCompare(b.nickname));
}

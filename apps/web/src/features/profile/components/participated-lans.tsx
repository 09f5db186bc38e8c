import type { UserProfile } from '@lanparty/contract';

/**
 * The Participated Lans table of the profile (spec §2): shown for lanners only, one row
 * per lan (linking to lans/{id}), newest start date first, with status and presence.
 * It needs the lans and subscriptions API (GET /api/users/me/subscriptions), which the
 * lans issue brings; until then this slot renders nothing — no made-up rows.
 */
export function ParticipatedLans(_props: { user: UserProfile }) {
  return null;
}

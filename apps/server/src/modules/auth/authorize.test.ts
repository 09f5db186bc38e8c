import type { Role } from '@lanparty/contract';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipartBody } from '../../../test/images.ts';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { ProblemError } from '../../http/problems.ts';
import { type Action, type Asker, authorize, isAllowed } from './authorize.ts';

/** Who may do it (besides the checks of anonymous callers: always a 401) and what others hear. */
type Rule = { about?: string; subject?: unknown; allowed: readonly Caller[]; refusal: string };

const lanAdministrators: Caller[] = ['LanAdministrator', 'SystemAdministrator'];
const memberAdministrators: Caller[] = ['MemberAdministrator', 'SystemAdministrator'];
const signedIn = everyCaller.filter((caller) => caller !== 'anonymous');

/** The asker of a caller: user 1 with exactly that role (the subjects below name 1 or 2). */
function askerOf(caller: Caller): Asker | null {
  if (caller === 'anonymous') return null;
  return { user: { id: 1 }, roles: caller === 'no role' ? [] : [caller as Role] };
}

/** Every action of the list, as the specification words it: a new action must be added here. */
const rules: Record<Action, readonly Rule[]> = {
  'account.use': [{ allowed: signedIn, refusal: 'Please sign in first.' }],
  'lans.manage': [{ allowed: lanAdministrators, refusal: 'Only lan administrators manage lans.' }],
  'lans.seeInactive': [
    { allowed: lanAdministrators, refusal: 'Only lan administrators see inactive lans.' },
  ],
  'lanDefaults.set': [
    { allowed: lanAdministrators, refusal: 'Only lan administrators set the lan defaults.' },
  ],
  'paymentDetails.manage': [
    { allowed: lanAdministrators, refusal: 'Only lan administrators manage payment details.' },
  ],
  'messages.send': [
    {
      allowed: lanAdministrators,
      refusal: 'Only lan administrators send messages to participants.',
    },
  ],
  'banner.upload': [{ allowed: lanAdministrators, refusal: 'You may not change this image.' }],
  'subscribers.manage': [
    { allowed: lanAdministrators, refusal: 'Only lan administrators manage subscribers.' },
  ],
  'subscriber.subscribe': [
    {
      about: 'oneself',
      subject: 1,
      allowed: ['Lanner', ...lanAdministrators],
      refusal: 'Only lanners can subscribe to a lan.',
    },
    {
      about: 'someone else',
      subject: 2,
      allowed: lanAdministrators,
      refusal: 'You can only subscribe yourself.',
    },
  ],
  'subscriber.withdraw': [
    {
      about: 'one’s own',
      subject: { user_id: 1 },
      allowed: signedIn,
      refusal: 'You can only withdraw your own subscription.',
    },
    {
      about: 'someone else’s',
      subject: { user_id: 2 },
      allowed: lanAdministrators,
      refusal: 'You can only withdraw your own subscription.',
    },
  ],
  'user.seePersonal': [
    {
      about: 'one’s own',
      subject: 1,
      allowed: signedIn,
      refusal: 'Only member administrators see the personal fields of others.',
    },
    {
      about: 'someone else’s',
      subject: 2,
      allowed: memberAdministrators,
      refusal: 'Only member administrators see the personal fields of others.',
    },
  ],
  'avatar.upload': [
    {
      about: 'one’s own',
      subject: 1,
      allowed: signedIn,
      refusal: 'You may not change this image.',
    },
    {
      about: 'someone else’s',
      subject: 2,
      allowed: memberAdministrators,
      refusal: 'You may not change this image.',
    },
  ],
  'users.manage': [
    { allowed: memberAdministrators, refusal: 'Only member administrators manage users.' },
  ],
  'users.erase': [
    { allowed: memberAdministrators, refusal: 'Only member administrators erase accounts.' },
  ],
  'user.erase': [
    {
      about: 'of a lanner',
      subject: ['Lanner'],
      allowed: memberAdministrators,
      refusal: 'You may not erase the account of a Lanner: only a system administrator may.',
    },
    {
      about: 'of a lan administrator',
      subject: ['LanAdministrator'],
      allowed: ['SystemAdministrator'],
      refusal:
        'You may not erase the account of a LanAdministrator: only a system administrator may.',
    },
  ],
  'signUps.verify': [
    { allowed: memberAdministrators, refusal: 'Only member administrators verify new lanners.' },
  ],
  'roles.grant': [
    {
      about: 'Lanner and Member',
      subject: ['Lanner', 'Member'],
      allowed: memberAdministrators,
      refusal: 'You may not grant or revoke Lanner, Member.',
    },
    {
      about: 'LanAdministrator',
      subject: ['LanAdministrator'],
      allowed: ['SystemAdministrator'],
      refusal: 'You may not grant or revoke LanAdministrator.',
    },
  ],
  'stats.read': [
    {
      allowed: ['Lanner', 'Member', 'SystemAdministrator'],
      refusal: 'Stats are for lanners and members.',
    },
  ],
  'tournaments.manage': [
    { allowed: lanAdministrators, refusal: 'Only lan administrators run tournaments.' },
  ],
  'tournaments.takePart': [{ allowed: signedIn, refusal: 'Anyone signed in may do this.' }],
  'tournament.enter': [
    {
      about: 'a participant',
      subject: true,
      allowed: signedIn,
      refusal: 'Only participants of the lan (Accepted or Paid) enter its tournaments.',
    },
    {
      about: 'someone without a place',
      subject: false,
      allowed: lanAdministrators,
      refusal: 'Only participants of the lan (Accepted or Paid) enter its tournaments.',
    },
  ],
  'match.report': [
    {
      about: 'a side',
      subject: true,
      allowed: signedIn,
      refusal: 'Only the players of this match report its score (a team’s captain reports for it).',
    },
    {
      about: 'someone else',
      subject: false,
      allowed: [],
      refusal: 'Only the players of this match report its score (a team’s captain reports for it).',
    },
  ],
  'tournamentEntry.act': [
    {
      about: 'their own entry',
      subject: true,
      allowed: signedIn,
      refusal: 'Only its captain (or a lan administrator) acts for an entry.',
    },
    {
      about: 'another’s entry',
      subject: false,
      allowed: lanAdministrators,
      refusal: 'Only its captain (or a lan administrator) acts for an entry.',
    },
  ],
  'tournamentInvitation.accept': [
    {
      about: 'their own invitation',
      subject: 1,
      allowed: signedIn,
      refusal: 'Only the one invited joins a team.',
    },
    {
      about: 'another’s invitation',
      subject: 2,
      allowed: [],
      refusal: 'Only the one invited joins a team.',
    },
  ],
  'tournamentEntry.removeMember': [
    {
      about: 'themself',
      subject: { userId: 1, captainId: 2 },
      allowed: signedIn,
      refusal:
        'Only the member themself, the entry’s captain or a lan administrator takes someone out of an entry.',
    },
    {
      about: 'a member of the entry they captain',
      subject: { userId: 2, captainId: 1 },
      allowed: signedIn,
      refusal:
        'Only the member themself, the entry’s captain or a lan administrator takes someone out of an entry.',
    },
    {
      about: 'someone of another’s entry',
      subject: { userId: 2, captainId: 2 },
      allowed: lanAdministrators,
      refusal:
        'Only the member themself, the entry’s captain or a lan administrator takes someone out of an entry.',
    },
  ],
  'clan.enterTournament': [
    {
      about: 'the leader',
      subject: 'leader',
      allowed: signedIn,
      refusal: 'Only the clan’s leader enters the clan in a tournament.',
    },
    {
      about: 'another member',
      subject: 'member',
      allowed: lanAdministrators,
      refusal: 'Only the clan’s leader enters the clan in a tournament.',
    },
  ],
  'clans.join': [
    {
      allowed: ['Lanner', 'Member', 'SystemAdministrator'],
      refusal: 'Only lanners and members can be in a clan.',
    },
  ],
  'clanInvite.use': [
    {
      about: 'its current code',
      subject: true,
      allowed: signedIn,
      refusal: 'This invite link does not work (any more): ask the clan’s leader for a new one.',
    },
    {
      about: 'another code',
      subject: false,
      allowed: [],
      refusal: 'This invite link does not work (any more): ask the clan’s leader for a new one.',
    },
  ],
  'clan.lead': [
    {
      about: 'the leader',
      subject: 'leader',
      allowed: signedIn,
      refusal: 'Only the clan’s leader can do this.',
    },
    {
      about: 'a seat manager',
      subject: 'seatManager',
      allowed: memberAdministrators,
      refusal: 'Only the clan’s leader can do this.',
    },
    {
      about: 'someone not in the clan',
      subject: null,
      allowed: memberAdministrators,
      refusal: 'Only the clan’s leader can do this.',
    },
  ],
  'seating.manage': [
    { allowed: lanAdministrators, refusal: 'Only lan administrators change seat plans.' },
  ],
  'seating.takePart': [{ allowed: signedIn, refusal: 'Anyone signed in may do this.' }],
  'seat.assign': [
    {
      about: 'oneself',
      subject: { userId: 1, seatsTheirClan: false },
      allowed: signedIn,
      refusal: 'You can only seat yourself, or your clan as its leader or seat manager.',
    },
    {
      about: 'someone of one’s clan, as its seat manager',
      subject: { userId: 2, seatsTheirClan: true },
      allowed: signedIn,
      refusal: 'You can only seat yourself, or your clan as its leader or seat manager.',
    },
    {
      about: 'someone else',
      subject: { userId: 2, seatsTheirClan: false },
      allowed: lanAdministrators,
      refusal: 'You can only seat yourself, or your clan as its leader or seat manager.',
    },
  ],
  'seatSwap.accept': [
    {
      about: 'asked of oneself',
      subject: 1,
      allowed: signedIn,
      refusal: 'Only the one asked accepts a swap.',
    },
    {
      about: 'asked of someone else',
      subject: 2,
      allowed: [],
      refusal: 'Only the one asked accepts a swap.',
    },
  ],
  'seatSwap.drop': [
    {
      about: 'one’s own',
      subject: [1, 2],
      allowed: signedIn,
      refusal: 'Only the two people of a swap answer or withdraw it.',
    },
    {
      about: 'of two others',
      subject: [2, 3],
      allowed: [],
      refusal: 'Only the two people of a swap answer or withdraw it.',
    },
  ],
  'clan.seat': [
    {
      about: 'as its leader or seat manager',
      subject: true,
      allowed: signedIn,
      refusal: 'Only the clan’s leader and seat managers seat the clan.',
    },
    {
      about: 'as anyone else',
      subject: false,
      allowed: lanAdministrators,
      refusal: 'Only the clan’s leader and seat managers seat the clan.',
    },
  ],
  'food.order': [
    {
      about: 'holding a place at the lan',
      subject: true,
      allowed: signedIn,
      refusal: 'Only the lan’s participants (Accepted or Paid) order food in its rounds.',
    },
    {
      about: 'without a place there',
      subject: false,
      allowed: [],
      refusal: 'Only the lan’s participants (Accepted or Paid) order food in its rounds.',
    },
  ],
  'clan.removeMember': [
    {
      about: 'oneself',
      subject: { role: 'member', userId: 1 },
      allowed: signedIn,
      refusal: 'Only the clan’s leader can remove other members.',
    },
    {
      about: 'another, by the leader',
      subject: { role: 'leader', userId: 2 },
      allowed: signedIn,
      refusal: 'Only the clan’s leader can remove other members.',
    },
    {
      about: 'another, by a seat manager',
      subject: { role: 'seatManager', userId: 2 },
      allowed: memberAdministrators,
      refusal: 'Only the clan’s leader can remove other members.',
    },
    {
      about: 'another, by someone not in the clan',
      subject: { role: null, userId: 2 },
      allowed: memberAdministrators,
      refusal: 'Only the clan’s leader can remove other members.',
    },
  ],
};

// The list's own functions, with the action and subject as data.
const check = isAllowed as (asker: Asker | null, action: Action, subject?: unknown) => boolean;
const refuse = authorize as (asker: Asker | null, action: Action, subject?: unknown) => void;

/** What `authorize` throws, or undefined when it lets the asker through. */
function refusalOf(asker: Asker | null, action: Action, subject: unknown) {
  try {
    refuse(asker, action, subject);
    return undefined;
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    return { status: error.status, detail: error.message };
  }
}

describe('who may do what', () => {
  const cases = Object.entries(rules).flatMap(([action, actionRules]) =>
    actionRules.flatMap((rule) =>
      everyCaller.map((caller) => ({
        name: `${action}${rule.about ? ` (${rule.about})` : ''} as ${caller}`,
        action: action as Action,
        rule,
        caller,
      })),
    ),
  );

  it.each(cases)('$name', ({ action, rule, caller }) => {
    const asker = askerOf(caller);
    const isExpected = rule.allowed.includes(caller);
    expect(check(asker, action, rule.subject)).toBe(isExpected);
    const expected =
      caller === 'anonymous'
        ? { status: 401, detail: 'Please sign in first.' }
        : isExpected
          ? undefined
          : { status: 403, detail: rule.refusal };
    expect(refusalOf(asker, action, rule.subject)).toEqual(expected);
  });
});

/**
 * What a route refusal test needs of the site: a lan, someone else, their subscription, and
 * the clan they lead with its invite code.
 */
type Site = {
  lanId: number;
  otherUserId: number;
  otherSubscriberId: number;
  clanId: number;
  clanCode: string;
  /** Seats of the lan's published plan: the first free, the second held by someone else. */
  freeSeatId: number;
  heldSeatId: number;
  /** A swap the other person asked of a third. */
  swapId: number;
  /** The lan's start, and an item of its schedule. */
  lanStartDate: string;
  scheduleItemId: number;
  /** An announcement of the lan. */
  announcementId: number;
  /** A screen of the lan. */
  screenId: number;
  /** An open food round of the lan. */
  foodRoundId: number;
  /** A tournament of the lan not yet started, the other person's entry in it, and a ready match of another, started. */
  tournamentId: number;
  entryId: number;
  matchId: number;
};

type RouteRefusal = { rule: Rule; request: (site: Site) => InjectOptions };

/** A food round a lan administrator opens: a supplier, a deadline an hour ahead, one item. */
const foodRoundBody = () => ({
  supplier: 'Pizzeria Roma',
  closesAt: new Date(Date.now() + 3_600_000).toISOString(),
  items: [{ name: 'Margherita', price: 8.5 }],
});

const only = (action: Action, index = 0): Rule => {
  const rule = rules[action][index];
  if (!rule) throw new Error(`No rule ${index} of ${action}`);
  return rule;
};
const lanAdministration = only('lans.manage');
const stats = only('stats.read');
const paymentDetails = only('paymentDetails.manage');
const clanLeadership = only('clan.lead', 2);
const clanBody = { name: 'Refused', tag: 'NO', colour: '#000000' };
const seatingBody = {
  plan: { opensAt: null, locksAt: null, published: true, width: 4, height: 1 },
  seats: [
    { label: 'A1', x: 0, y: 0 },
    { label: 'A2', x: 1, y: 0 },
  ],
};

const messageBody = { subject: 'Doors open', body: 'At six.', statuses: ['Paid'], chat: false };

/**
 * Every route that answers 403, keyed as the OpenAPI document names it, with a request a
 * caller lacking the role makes: its input valid, so nothing but the refusal stands between
 * it and the route's work.
 */
const routeRefusals: Record<string, RouteRefusal> = {
  'GET /api/lans': {
    rule: only('lans.seeInactive'),
    request: () => ({ url: '/api/lans?include=all' }),
  },
  'GET /api/lans/defaults': {
    rule: lanAdministration,
    request: () => ({ url: '/api/lans/defaults' }),
  },
  'POST /api/lans': {
    rule: lanAdministration,
    request: () => ({ method: 'POST', url: '/api/lans', payload: buildLanBody() }),
  },
  'PUT /api/lans/{id}': {
    rule: lanAdministration,
    request: ({ lanId }) => ({
      method: 'PUT',
      url: `/api/lans/${lanId}`,
      payload: { ...buildLanBody(), id: lanId },
    }),
  },
  'DELETE /api/lans/{id}': {
    rule: lanAdministration,
    request: ({ lanId }) => ({ method: 'DELETE', url: `/api/lans/${lanId}` }),
  },
  'PUT /api/settings/lan-defaults': {
    rule: only('lanDefaults.set'),
    request: () => ({
      method: 'PUT',
      url: '/api/settings/lan-defaults',
      payload: { lanPrice: 30, membersLanPrice: 25 },
    }),
  },
  'GET /api/settings/payment-details': {
    rule: paymentDetails,
    request: () => ({ url: '/api/settings/payment-details' }),
  },
  'PUT /api/settings/payment-details': {
    rule: paymentDetails,
    request: () => ({ method: 'PUT', url: '/api/settings/payment-details', payload: {} }),
  },
  'GET /api/lans/{id}/payment-details': {
    rule: paymentDetails,
    request: ({ lanId }) => ({ url: `/api/lans/${lanId}/payment-details` }),
  },
  'PUT /api/lans/{id}/payment-details': {
    rule: paymentDetails,
    request: ({ lanId }) => ({
      method: 'PUT',
      url: `/api/lans/${lanId}/payment-details`,
      payload: { details: null },
    }),
  },
  'GET /api/settings/messaging': {
    rule: only('messages.send'),
    request: () => ({ url: '/api/settings/messaging' }),
  },
  'GET /api/lans/{id}/participants': {
    rule: lanAdministration,
    request: ({ lanId }) => ({ url: `/api/lans/${lanId}/participants` }),
  },
  'POST /api/lans/{id}/food-rounds': {
    rule: lanAdministration,
    request: ({ lanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/food-rounds`,
      payload: foodRoundBody(),
    }),
  },
  'PUT /api/food-rounds/{roundId}': {
    rule: lanAdministration,
    request: ({ foodRoundId }) => ({
      method: 'PUT',
      url: `/api/food-rounds/${foodRoundId}`,
      payload: foodRoundBody(),
    }),
  },
  'DELETE /api/food-rounds/{roundId}': {
    rule: lanAdministration,
    request: ({ foodRoundId }) => ({ method: 'DELETE', url: `/api/food-rounds/${foodRoundId}` }),
  },
  'PUT /api/food-rounds/{roundId}/my-order': {
    rule: only('food.order', 1),
    request: ({ foodRoundId }) => ({
      method: 'PUT',
      url: `/api/food-rounds/${foodRoundId}/my-order`,
      payload: { lines: [{ itemId: 1, quantity: 1 }] },
    }),
  },
  'DELETE /api/food-rounds/{roundId}/my-order': {
    rule: only('food.order', 1),
    request: ({ foodRoundId }) => ({
      method: 'DELETE',
      url: `/api/food-rounds/${foodRoundId}/my-order`,
    }),
  },
  'GET /api/food-rounds/{roundId}/orders': {
    rule: lanAdministration,
    request: ({ foodRoundId }) => ({ url: `/api/food-rounds/${foodRoundId}/orders` }),
  },
  'GET /api/food-rounds/{roundId}/orders.csv': {
    rule: lanAdministration,
    request: ({ foodRoundId }) => ({ url: `/api/food-rounds/${foodRoundId}/orders.csv` }),
  },
  'PUT /api/food-rounds/{roundId}/orders/{orderId}/paid': {
    rule: lanAdministration,
    request: ({ foodRoundId }) => ({
      method: 'PUT',
      url: `/api/food-rounds/${foodRoundId}/orders/1/paid`,
      payload: { paid: true },
    }),
  },
  'POST /api/food-rounds/{roundId}/arrived': {
    rule: lanAdministration,
    request: ({ foodRoundId }) => ({
      method: 'POST',
      url: `/api/food-rounds/${foodRoundId}/arrived`,
    }),
  },
  'GET /api/lans/{id}/door-list': {
    rule: lanAdministration,
    request: ({ lanId }) => ({ url: `/api/lans/${lanId}/door-list` }),
  },
  'GET /api/lans/{id}/participants.csv': {
    rule: lanAdministration,
    request: ({ lanId }) => ({ url: `/api/lans/${lanId}/participants.csv` }),
  },
  'POST /api/lans/{id}/check-ins': {
    rule: lanAdministration,
    request: ({ lanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/check-ins`,
      payload: { code: 'ABCD' },
    }),
  },
  'POST /api/lans/{id}/messages': {
    rule: lanAdministration,
    request: ({ lanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/messages`,
      payload: messageBody,
    }),
  },
  'GET /api/lans/{id}/messages': {
    rule: lanAdministration,
    request: ({ lanId }) => ({ url: `/api/lans/${lanId}/messages` }),
  },
  'POST /api/subscribers': {
    rule: only('subscriber.subscribe', 1),
    request: ({ lanId, otherUserId }) => ({
      method: 'POST',
      url: '/api/subscribers',
      payload: { lanId, userId: otherUserId },
    }),
  },
  'DELETE /api/subscribers/{id}': {
    rule: only('subscriber.withdraw', 1),
    request: ({ otherSubscriberId }) => ({
      method: 'DELETE',
      url: `/api/subscribers/${otherSubscriberId}`,
    }),
  },
  'PUT /api/subscribers/{id}/{action}': {
    rule: only('subscribers.manage'),
    request: ({ otherSubscriberId }) => ({
      method: 'PUT',
      url: `/api/subscribers/${otherSubscriberId}/status:accepted`,
    }),
  },
  'GET /api/sign-ups': { rule: only('signUps.verify'), request: () => ({ url: '/api/sign-ups' }) },
  'PUT /api/users/{id}': {
    rule: only('users.manage'),
    request: ({ otherUserId }) => ({
      method: 'PUT',
      url: `/api/users/${otherUserId}`,
      payload: { roles: ['Lanner'] },
    }),
  },
  'DELETE /api/users/{id}': {
    rule: only('users.erase'),
    request: ({ otherUserId }) => ({
      method: 'DELETE',
      url: `/api/users/${otherUserId}`,
    }),
  },
  'PUT /api/assets/{asset}': {
    rule: only('avatar.upload', 1),
    request: ({ otherUserId }) => {
      const body = multipartBody('image', 'upload.png', 'image/png', makePng());
      return {
        method: 'PUT',
        url: `/api/assets/user-${otherUserId}.png`,
        payload: body.payload,
        headers: body.headers,
      };
    },
  },
  'GET /api/stats/leader-boards': {
    rule: stats,
    request: () => ({ url: '/api/stats/leader-boards' }),
  },
  'GET /api/stats/leader-boards/users': {
    rule: stats,
    request: () => ({ url: '/api/stats/leader-boards/users' }),
  },
  'GET /api/stats/leader-boards/users/months/last': {
    rule: stats,
    request: () => ({ url: '/api/stats/leader-boards/users/months/last' }),
  },
  'GET /api/stats/leader-boards/users/months/{year}/{month}': {
    rule: stats,
    request: () => ({ url: '/api/stats/leader-boards/users/months/2024/3' }),
  },
  'GET /api/stats/leader-boards/games/months/last': {
    rule: stats,
    request: () => ({ url: '/api/stats/leader-boards/games/months/last' }),
  },
  'GET /api/stats/leader-boards/games/months/{year}/{month}': {
    rule: stats,
    request: () => ({ url: '/api/stats/leader-boards/games/months/2024/3' }),
  },
  'POST /api/clans': {
    rule: only('clans.join'),
    request: () => ({ method: 'POST', url: '/api/clans', payload: clanBody }),
  },
  'PUT /api/clans/{id}': {
    rule: clanLeadership,
    request: ({ clanId }) => ({ method: 'PUT', url: `/api/clans/${clanId}`, payload: clanBody }),
  },
  'DELETE /api/clans/{id}': {
    rule: clanLeadership,
    request: ({ clanId }) => ({ method: 'DELETE', url: `/api/clans/${clanId}` }),
  },
  'POST /api/clans/{id}/code': {
    rule: clanLeadership,
    request: ({ clanId }) => ({ method: 'POST', url: `/api/clans/${clanId}/code` }),
  },
  'POST /api/clans/{id}/members': {
    rule: only('clans.join'),
    request: ({ clanId, clanCode }) => ({
      method: 'POST',
      url: `/api/clans/${clanId}/members`,
      payload: { code: clanCode },
    }),
  },
  'PUT /api/clans/{id}/members/{userId}': {
    rule: clanLeadership,
    request: ({ clanId, otherUserId }) => ({
      method: 'PUT',
      url: `/api/clans/${clanId}/members/${otherUserId}`,
      payload: { role: 'seatManager' },
    }),
  },
  'DELETE /api/clans/{id}/members/{userId}': {
    rule: only('clan.removeMember', 3),
    request: ({ clanId, otherUserId }) => ({
      method: 'DELETE',
      url: `/api/clans/${clanId}/members/${otherUserId}`,
    }),
  },
  'PUT /api/lans/{id}/seating': {
    rule: only('seating.manage'),
    request: ({ lanId }) => ({
      method: 'PUT',
      url: `/api/lans/${lanId}/seating`,
      payload: seatingBody,
    }),
  },
  'PUT /api/lans/{id}/seats/{seatId}/occupant': {
    rule: only('seat.assign', 2),
    request: ({ lanId, freeSeatId, otherUserId }) => ({
      method: 'PUT',
      url: `/api/lans/${lanId}/seats/${freeSeatId}/occupant`,
      payload: { userId: otherUserId },
    }),
  },
  'DELETE /api/lans/{id}/seats/{seatId}/occupant': {
    rule: only('seat.assign', 2),
    request: ({ lanId, heldSeatId }) => ({
      method: 'DELETE',
      url: `/api/lans/${lanId}/seats/${heldSeatId}/occupant`,
    }),
  },
  'POST /api/lans/{id}/seat-swaps/{swapId}/accept': {
    rule: only('seatSwap.accept', 1),
    request: ({ lanId, swapId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/seat-swaps/${swapId}/accept`,
    }),
  },
  'DELETE /api/lans/{id}/seat-swaps/{swapId}': {
    rule: only('seatSwap.drop', 1),
    request: ({ lanId, swapId }) => ({
      method: 'DELETE',
      url: `/api/lans/${lanId}/seat-swaps/${swapId}`,
    }),
  },
  'POST /api/lans/{id}/seating/clan-blocks': {
    rule: only('clan.seat', 1),
    request: ({ lanId, clanId, otherUserId, freeSeatId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/seating/clan-blocks`,
      payload: { clanId, moves: [{ userId: otherUserId, seatId: freeSeatId }] },
    }),
  },
  'POST /api/lans/{id}/seating/clan-blocks/plan': {
    rule: only('clan.seat', 1),
    request: ({ lanId, clanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/seating/clan-blocks/plan`,
      payload: { clanId },
    }),
  },
  'POST /api/lans/{id}/schedule': {
    rule: lanAdministration,
    request: ({ lanId, lanStartDate }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/schedule`,
      payload: { startDate: lanStartDate, title: 'Opening', kind: 'other' },
    }),
  },
  'PUT /api/lans/{id}/schedule/{itemId}': {
    rule: lanAdministration,
    request: ({ lanId, lanStartDate, scheduleItemId }) => ({
      method: 'PUT',
      url: `/api/lans/${lanId}/schedule/${scheduleItemId}`,
      payload: { startDate: lanStartDate, title: 'Opening', kind: 'other' },
    }),
  },
  'DELETE /api/lans/{id}/schedule/{itemId}': {
    rule: lanAdministration,
    request: ({ lanId, scheduleItemId }) => ({
      method: 'DELETE',
      url: `/api/lans/${lanId}/schedule/${scheduleItemId}`,
    }),
  },
  'POST /api/lans/{id}/announcements': {
    rule: lanAdministration,
    request: ({ lanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/announcements`,
      payload: { text: 'Pizza is here' },
    }),
  },
  'POST /api/lans/{id}/tournaments': {
    rule: only('tournaments.manage'),
    request: ({ lanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/tournaments`,
      payload: { name: 'Cup', game: 'Quake', format: 'single_elimination', maxEntrants: 8 },
    }),
  },
  'PUT /api/tournaments/{id}': {
    rule: only('tournaments.manage'),
    request: ({ tournamentId }) => ({
      method: 'PUT',
      url: `/api/tournaments/${tournamentId}`,
      payload: { name: 'Cup', game: 'Quake', format: 'single_elimination', maxEntrants: 8 },
    }),
  },
  'DELETE /api/tournaments/{id}': {
    rule: only('tournaments.manage'),
    request: ({ tournamentId }) => ({ method: 'DELETE', url: `/api/tournaments/${tournamentId}` }),
  },
  'POST /api/tournaments/{id}/start': {
    rule: only('tournaments.manage'),
    request: ({ tournamentId }) => ({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/start`,
      payload: {},
    }),
  },
  'POST /api/tournaments/{id}/entries': {
    rule: only('tournament.enter', 1),
    request: ({ tournamentId }) => ({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/entries`,
      payload: {},
    }),
  },
  'DELETE /api/tournaments/{id}/entries/{entryId}': {
    rule: only('tournamentEntry.act', 1),
    request: ({ tournamentId, entryId }) => ({
      method: 'DELETE',
      url: `/api/tournaments/${tournamentId}/entries/${entryId}`,
    }),
  },
  'POST /api/tournaments/{id}/entries/{entryId}/check-in': {
    rule: only('tournamentEntry.act', 1),
    request: ({ tournamentId, entryId }) => ({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/entries/${entryId}/check-in`,
    }),
  },
  'PUT /api/tournaments/{id}/entries/{entryId}/members/{userId}': {
    rule: only('tournamentInvitation.accept', 1),
    request: ({ tournamentId, entryId, otherUserId }) => ({
      method: 'PUT',
      url: `/api/tournaments/${tournamentId}/entries/${entryId}/members/${otherUserId}`,
    }),
  },
  'DELETE /api/tournaments/{id}/entries/{entryId}/members/{userId}': {
    rule: only('tournamentEntry.removeMember', 2),
    request: ({ tournamentId, entryId, otherUserId }) => ({
      method: 'DELETE',
      url: `/api/tournaments/${tournamentId}/entries/${entryId}/members/${otherUserId}`,
    }),
  },
  'PUT /api/matches/{id}/report': {
    rule: only('match.report', 1),
    request: ({ matchId }) => ({
      method: 'PUT',
      url: `/api/matches/${matchId}/report`,
      payload: { scores: [1, 0] },
    }),
  },
  'PUT /api/matches/{id}/result': {
    rule: only('tournaments.manage'),
    request: ({ matchId }) => ({
      method: 'PUT',
      url: `/api/matches/${matchId}/result`,
      payload: { scores: [1, 0] },
    }),
  },
  'DELETE /api/lans/{id}/announcements/{announcementId}': {
    rule: lanAdministration,
    request: ({ lanId, announcementId }) => ({
      method: 'DELETE',
      url: `/api/lans/${lanId}/announcements/${announcementId}`,
    }),
  },
  'GET /api/lans/{id}/screens': {
    rule: lanAdministration,
    request: ({ lanId }) => ({ url: `/api/lans/${lanId}/screens` }),
  },
  'POST /api/lans/{id}/screens': {
    rule: lanAdministration,
    request: ({ lanId }) => ({
      method: 'POST',
      url: `/api/lans/${lanId}/screens`,
      payload: { name: 'Hall TV' },
    }),
  },
  'DELETE /api/lans/{id}/screens/{screenId}': {
    rule: lanAdministration,
    request: ({ lanId, screenId }) => ({
      method: 'DELETE',
      url: `/api/lans/${lanId}/screens/${screenId}`,
    }),
  },
  'GET /api/stats/summaries': { rule: stats, request: () => ({ url: '/api/stats/summaries' }) },
  'GET /api/stats/summaries/{year}': {
    rule: stats,
    request: () => ({ url: '/api/stats/summaries/2024' }),
  },
};

type OpenApiDocument = { paths: Record<string, Record<string, { responses?: object }>> };

/** The routes of the OpenAPI document whose responses include `status` (and not `without`). */
function routesAnswering(document: OpenApiDocument, status: string, without?: string): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, { responses = {} }]) => Object.hasOwn(responses, status))
        .filter(([, { responses = {} }]) => !without || !Object.hasOwn(responses, without))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

/** Public reads that answer 401 only to a token that does not verify, with a request of each. */
const publicReads: Record<string, (site: Site) => InjectOptions> = {
  'GET /api/lans/{id}': ({ lanId }) => ({ url: `/api/lans/${lanId}` }),
  'GET /api/lans/{id}/subscribers': ({ lanId }) => ({ url: `/api/lans/${lanId}/subscribers` }),
  'GET /api/users/{id}': ({ otherUserId }) => ({ url: `/api/users/${otherUserId}` }),
  'GET /api/users/{id}/history': ({ otherUserId }) => ({
    url: `/api/users/${otherUserId}/history`,
  }),
  'GET /api/clans/{id}': ({ clanId }) => ({ url: `/api/clans/${clanId}` }),
  'GET /api/lans/{id}/seating': ({ lanId }) => ({ url: `/api/lans/${lanId}/seating` }),
  'GET /api/lans/{id}/schedule': ({ lanId }) => ({ url: `/api/lans/${lanId}/schedule` }),
  'GET /api/lans/{id}/announcements': ({ lanId }) => ({ url: `/api/lans/${lanId}/announcements` }),
  'GET /api/lans/{id}/tournaments': ({ lanId }) => ({ url: `/api/lans/${lanId}/tournaments` }),
  'GET /api/tournaments/{id}': ({ tournamentId }) => ({ url: `/api/tournaments/${tournamentId}` }),
  'GET /api/lans/{id}/now-playing': ({ lanId }) => ({ url: `/api/lans/${lanId}/now-playing` }),
  'GET /api/lans/{id}/seating/changes': ({ lanId }) => ({
    url: `/api/lans/${lanId}/seating/changes?since=0`,
  }),
};

/** The routes for the signed-in alone that refuse no one signed in, with a request of each. */
const signedInRoutes: Record<string, (site: Site) => InjectOptions> = {
  'GET /api/users/me': () => ({ url: '/api/users/me' }),
  'GET /api/users/me/notices': () => ({ url: '/api/users/me/notices' }),
  'PUT /api/users/me/notices/seen': () => ({
    method: 'PUT',
    url: '/api/users/me/notices/seen',
    payload: { upTo: 1 },
  }),
  'GET /api/users/me/push-subscriptions': () => ({ url: '/api/users/me/push-subscriptions' }),
  'POST /api/users/me/push-subscriptions': () => ({
    method: 'POST',
    url: '/api/users/me/push-subscriptions',
    payload: { endpoint: 'https://push.example/1', keys: { p256dh: 'AAAA', auth: 'AAAA' } },
  }),
  'DELETE /api/users/me/push-subscriptions/{id}': () => ({
    method: 'DELETE',
    url: '/api/users/me/push-subscriptions/1',
  }),
  'PUT /api/users/me': () => ({
    method: 'PUT',
    url: '/api/users/me',
    payload: {
      email: 'someone@example.org',
      firstName: 'Some',
      surname: 'One',
      city: 'Utrecht',
      birthDate: '1999-04-01',
    },
  }),
  'GET /api/users/me/sync-status': () => ({ url: '/api/users/me/sync-status' }),
  'GET /api/users/me/playtime-status': () => ({ url: '/api/users/me/playtime-status' }),
  'PUT /api/users/me/screen-visibility': () => ({
    method: 'PUT',
    url: '/api/users/me/screen-visibility',
    payload: { showsOnScreens: true },
  }),
  'PUT /api/users/me/badges/seen': () => ({ method: 'PUT', url: '/api/users/me/badges/seen' }),
  'PUT /api/users/me/history-visibility': () => ({
    method: 'PUT',
    url: '/api/users/me/history-visibility',
    payload: { showsHistory: true },
  }),
  'GET /api/users/me/subscriptions': () => ({ url: '/api/users/me/subscriptions' }),
  'GET /api/users/me/export': () => ({ url: '/api/users/me/export' }),
  'GET /api/users/me/account': () => ({ url: '/api/users/me/account' }),
  'DELETE /api/users/me': () => ({
    method: 'DELETE',
    url: '/api/users/me',
    payload: { password: 'not the password' },
  }),
  'GET /api/users/me/consents': () => ({ url: '/api/users/me/consents' }),
  'PUT /api/users/me/consents/steam-playtime': () => ({
    method: 'PUT',
    url: '/api/users/me/consents/steam-playtime',
    payload: { given: true },
  }),
  'DELETE /api/users/me/playtime': () => ({ method: 'DELETE', url: '/api/users/me/playtime' }),
  'PUT /api/users/me/email-verifications/{code}': () => ({
    method: 'PUT',
    url: '/api/users/me/email-verifications/0123456789abcdef',
  }),
  'GET /api/users/email-addresses/{email}': () => ({
    url: '/api/users/email-addresses/someone@example.org',
  }),
  'GET /api/events': () => ({ url: '/api/events' }),
  'GET /api/lans/{id}/seat-swaps': ({ lanId }) => ({ url: `/api/lans/${lanId}/seat-swaps` }),
  'POST /api/lans/{id}/seat-swaps': ({ lanId, otherUserId }) => ({
    method: 'POST',
    url: `/api/lans/${lanId}/seat-swaps`,
    payload: { userId: otherUserId },
  }),
};

describe.each(testEngines)('every route that refuses, on %s', (engine) => {
  const { site, api, as } = setUpOrganiserSite(engine, { callers: everyCaller });
  const context = {} as Site;

  beforeAll(async () => {
    const lan = await api.createLan();
    const other = await api.person();
    const subscription = await api.subscribe(lan.id, other);
    const clan = await api.request(other, 'POST', '/api/clans', {
      name: 'Other’s clan',
      tag: 'OTH',
      colour: '#123456',
    });
    const seating = await api.request(
      as.LanAdministrator,
      'PUT',
      `/api/lans/${lan.id}/seating`,
      seatingBody,
    );
    const [free, held] = seating.json().seats as { id: number }[];
    await api.setStatus(subscription.id, 'accepted');
    const seated = await api.request(
      as.LanAdministrator,
      'PUT',
      `/api/lans/${lan.id}/seats/${held?.id}/occupant`,
      { userId: other.user.id },
    );
    expect(seated.statusCode).toBe(200);
    const third = await api.person();
    const thirds = await api.subscribe(lan.id, third);
    await api.setStatus(thirds.id, 'accepted');
    await api.request(
      as.LanAdministrator,
      'PUT',
      `/api/lans/${lan.id}/seats/${free?.id}/occupant`,
      {
        userId: third.user.id,
      },
    );
    const swap = await api.request(other, 'POST', `/api/lans/${lan.id}/seat-swaps`, {
      userId: third.user.id,
    });
    expect(swap.statusCode, swap.body).toBe(201);
    const item = await api.request(as.LanAdministrator, 'POST', `/api/lans/${lan.id}/schedule`, {
      startDate: lan.startDate,
      title: 'Opening',
      kind: 'other',
    });
    expect(item.statusCode, item.body).toBe(201);
    const announcement = await api.request(
      as.LanAdministrator,
      'POST',
      `/api/lans/${lan.id}/announcements`,
      { text: 'Welcome' },
    );
    expect(announcement.statusCode, announcement.body).toBe(201);
    const screen = await api.request(as.LanAdministrator, 'POST', `/api/lans/${lan.id}/screens`, {
      name: 'Hall TV',
    });
    expect(screen.statusCode, screen.body).toBe(201);
    const foodRound = await api.request(
      as.LanAdministrator,
      'POST',
      `/api/lans/${lan.id}/food-rounds`,
      foodRoundBody(),
    );
    expect(foodRound.statusCode, foodRound.body).toBe(201);
    const cup = { name: 'Cup', game: 'Quake', format: 'single_elimination', maxEntrants: 8 };
    const open = await api.request(
      as.LanAdministrator,
      'POST',
      `/api/lans/${lan.id}/tournaments`,
      cup,
    );
    const entry = await api.request(
      other,
      'POST',
      `/api/tournaments/${open.json().id}/entries`,
      {},
    );
    expect(entry.statusCode, entry.body).toBe(201);
    const played = await api.request(
      as.LanAdministrator,
      'POST',
      `/api/lans/${lan.id}/tournaments`,
      cup,
    );
    for (const who of [other, third])
      await api.request(who, 'POST', `/api/tournaments/${played.json().id}/entries`, {});
    const started = await api.request(
      as.LanAdministrator,
      'POST',
      `/api/tournaments/${played.json().id}/start`,
      {},
    );
    expect(started.statusCode, started.body).toBe(200);
    Object.assign(context, {
      tournamentId: open.json().id,
      entryId: entry.json().entries[0].id,
      matchId: started.json().groups[0].rounds[0].matches[0].id,
      screenId: screen.json().id,
      foodRoundId: foodRound.json().id,
      announcementId: announcement.json().id,
      lanStartDate: lan.startDate,
      scheduleItemId: item.json().id,
      swapId: swap.json().id,
      lanId: lan.id,
      otherUserId: other.user.id,
      otherSubscriberId: subscription.id,
      clanId: clan.json().id,
      clanCode: clan.json().code,
      freeSeatId: free?.id,
      heldSeatId: held?.id,
    });
  });

  // The route table as the OpenAPI document (Fastify's swagger plugin) publishes it.
  const documentOf = () => site.app.swagger() as unknown as OpenApiDocument;

  it('has a refusal test for each route whose answers include a 403, and for no other', () => {
    expect(routesAnswering(documentOf(), '403')).toEqual(Object.keys(routeRefusals).sort());
  });

  it('knows each route that answers 401 and not 403: for the signed-in, or public', () => {
    expect(routesAnswering(documentOf(), '401', '403')).toEqual(
      [...Object.keys(signedInRoutes), ...Object.keys(publicReads)].sort(),
    );
  });

  const reads = Object.entries(publicReads).map(([route, request]) => ({ route, request }));

  it.each(reads)('$route answers nobody in particular', async ({ request }) => {
    expect((await site.app.inject(request(context))).statusCode).toBe(200);
  });

  const signedInOnly = Object.entries(signedInRoutes).map(([route, request]) => ({
    route,
    request,
  }));

  it.each(signedInOnly)('$route asks nobody to sign in', async ({ request }) => {
    const response = await site.app.inject(request(context));
    expect({ status: response.statusCode, detail: response.json().detail }).toEqual({
      status: 401,
      detail: 'Please sign in first.',
    });
  });

  const calls = Object.entries(routeRefusals).flatMap(([route, refusal]) =>
    everyCaller
      .filter((caller) => !refusal.rule.allowed.includes(caller))
      .map((caller) => ({ route, refusal, caller })),
  );

  it.each(calls)('$route refuses $caller', async ({ refusal, caller }) => {
    const request = refusal.request(context);
    const response = await site.app.inject({
      ...request,
      headers: { ...(request.headers ?? {}), ...(as[caller]?.headers ?? {}) },
    });
    const expected =
      caller === 'anonymous'
        ? { status: 401, detail: 'Please sign in first.' }
        : { status: 403, detail: refusal.rule.refusal };
    expect({ status: response.statusCode, detail: response.json().detail }).toEqual(expected);
  });
});

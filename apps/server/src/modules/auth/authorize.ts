import type { ClanRole, Role } from '@lanparty/contract';
import { grantableRoles, hasAnyRole, requiredRoles } from '@lanparty/contract/rules';
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../../http/problems.ts';

/**
 * Who may do what: the one list of actions, each with its rule and the words of its 403.
 * Services call `authorize` (refuse) or `isAllowed` (filter); routes name an action only
 * where it must be checked before the input is (`authorizeFirst`). The rules stand on the
 * contract's `requiredRoles`, which the web reads for its links: a SystemAdministrator
 * passes every role check (decision 019).
 */

/** Who asks, as far as a rule needs to know: a viewer, or a live-event reader. */
export type Asker = { user: { id: number }; roles: readonly Role[] };

type Rule<Subject> = {
  isAllowed: (asker: Asker, subject: Subject) => boolean;
  /** The 403's detail: fixed, or worded for the asker and subject. */
  refusal: string | ((asker: Asker, subject: Subject) => string);
};

/** A rule about the action alone (no subject). */
const rule = (roles: readonly Role[], refusal: string): Rule<undefined> => ({
  isAllowed: (asker) => hasAnyRole(asker.roles, roles),
  refusal,
});

/**
 * An action anyone signed in may begin: it sends nobody the 401 before anything is read;
 * what they may do then is another action's rule (so no 403 of its own).
 */
const anyoneSignedIn: Rule<undefined> = {
  isAllowed: () => true,
  refusal: 'Anyone signed in may do this.',
};

const isLanAdministrator = (asker: Asker) => hasAnyRole(asker.roles, requiredRoles.lanManagement);
const isMemberAdministrator = (asker: Asker) =>
  hasAnyRole(asker.roles, requiredRoles.userManagement);
const notGrantable = (asker: Asker, roles: readonly Role[]) => {
  const allowed = grantableRoles(asker.roles);
  return roles.filter((role) => !allowed.includes(role));
};

const rules = {
  /**
   * What a signed-in person does as themself alone (their own data, consents, uploads,
   * live updates; a write that needs an account): anyone signed in; nobody is the 401.
   */
  'account.use': {
    isAllowed: () => true,
    refusal: 'Please sign in first.',
  },
  /** Creating, changing and deleting lans, and running them: participants, check-ins, messages. */
  'lans.manage': rule(requiredRoles.lanManagement, 'Only lan administrators manage lans.'),
  /** Inactive lans are drafts: only lan administrators see them (and hear of them). */
  'lans.seeInactive': rule(
    requiredRoles.lanManagement,
    'Only lan administrators see inactive lans.',
  ),
  'lanDefaults.set': rule(
    requiredRoles.lanManagement,
    'Only lan administrators set the lan defaults.',
  ),
  'paymentDetails.manage': rule(
    requiredRoles.lanManagement,
    'Only lan administrators manage payment details.',
  ),
  'messages.send': rule(
    requiredRoles.lanManagement,
    'Only lan administrators send messages to participants.',
  ),
  /** A lan banner. */
  'banner.upload': rule(requiredRoles.lanManagement, 'You may not change this image.'),
  /** Setting a subscriber's status and presence, withdrawing anyone's subscription. */
  'subscribers.manage': rule(
    requiredRoles.lanManagement,
    'Only lan administrators manage subscribers.',
  ),
  /** Lanners subscribe themselves (the subject: whom); a lan administrator anyone. */
  'subscriber.subscribe': {
    isAllowed: (asker, userId: number) =>
      isLanAdministrator(asker) ||
      (asker.user.id === userId && hasAnyRole(asker.roles, requiredRoles.lanner)),
    refusal: (asker: Asker, userId: number) =>
      asker.user.id === userId
        ? 'Only lanners can subscribe to a lan.'
        : 'You can only subscribe yourself.',
  },
  /**
   * Owners withdraw their own subscription (the subject), lan administrators anyone's;
   * which statuses an owner may leave is a rule of the subscription (the contract's
   * canOwnerWithdraw, a 409).
   */
  'subscriber.withdraw': {
    isAllowed: (asker, subscriber: { user_id: number }) =>
      isLanAdministrator(asker) || asker.user.id === subscriber.user_id,
    refusal: 'You can only withdraw your own subscription.',
  },
  /** Personal fields (e-mail, names, city, birth date): the user's own (the subject), and member administrators. */
  'user.seePersonal': {
    isAllowed: (asker, userId: number) => asker.user.id === userId || isMemberAdministrator(asker),
    refusal: 'Only member administrators see the personal fields of others.',
  },
  /** An avatar: the user's own (the subject), and member administrators. */
  'avatar.upload': {
    isAllowed: (asker, userId: number) => asker.user.id === userId || isMemberAdministrator(asker),
    refusal: 'You may not change this image.',
  },
  'users.manage': rule(requiredRoles.userManagement, 'Only member administrators manage users.'),
  /** Erasing someone else's account (issue 36), with a reason. */
  'users.erase': rule(requiredRoles.userManagement, 'Only member administrators erase accounts.'),
  /**
   * Erasing the account of whoever holds these roles (the subject): as with granting,
   * only those who could take every role away (the contract's grantableRoles).
   */
  'user.erase': {
    isAllowed: (asker, roles: readonly Role[]) => notGrantable(asker, roles).length === 0,
    refusal: (asker: Asker, roles: readonly Role[]) =>
      `You may not erase the account of a ${notGrantable(asker, roles).join(', ')}: only a system administrator may.`,
  },
  'signUps.verify': rule(
    requiredRoles.userManagement,
    'Only member administrators verify new lanners.',
  ),
  /** Granting or revoking the roles of the subject: see the contract's grantableRoles. */
  'roles.grant': {
    isAllowed: (asker, roles: readonly Role[]) => notGrantable(asker, roles).length === 0,
    refusal: (asker: Asker, roles: readonly Role[]) =>
      `You may not grant or revoke ${notGrantable(asker, roles).join(', ')}.`,
  },
  'stats.read': rule(requiredRoles.stats, 'Stats are for lanners and members.'),
  /** Making, changing, starting and deleting tournaments; setting and correcting results (issue 37). */
  'tournaments.manage': rule(
    requiredRoles.lanManagement,
    'Only lan administrators run tournaments.',
  ),
  /**
   * Taking part in a lan's tournaments (entering, joining a team, leaving an entry): anyone
   * signed in asks; who may is 'tournament.enter', 'tournamentInvitation.accept' and
   * 'tournamentEntry.removeMember', once what they are about is read.
   */
  'tournaments.takePart': anyoneSignedIn,
  /**
   * Entering a tournament (the subject: whether the asker holds a place at its lan,
   * Accepted or Paid); lan administrators enter anyone.
   */
  'tournament.enter': {
    isAllowed: (asker, holdsPlace: boolean) => holdsPlace || isLanAdministrator(asker),
    refusal: 'Only participants of the lan (Accepted or Paid) enter its tournaments.',
  },
  /** Reporting a match's score (the subject: whether the asker is a side of it, or its captain). */
  'match.report': {
    isAllowed: (_asker, isSide: boolean) => isSide,
    refusal: 'Only the players of this match report its score (a team’s captain reports for it).',
  },
  /**
   * Acting for an entry of a tournament (the subject: whether the asker captains it, or is
   * in it for a check-in), and lan administrators for any.
   */
  'tournamentEntry.act': {
    isAllowed: (asker, isTheirs: boolean) => isTheirs || isLanAdministrator(asker),
    refusal: 'Only its captain (or a lan administrator) acts for an entry.',
  },
  /** Joining a team one was invited to (the subject: whom the invitation asks): only them. */
  'tournamentInvitation.accept': {
    isAllowed: (asker, invitedUserId: number) => asker.user.id === invitedUserId,
    refusal: 'Only the one invited joins a team.',
  },
  /**
   * Taking someone out of an entry before the start, or declining an invitation (the
   * subject: whom, and the entry's captain): oneself, the captain anyone, lan administrators.
   */
  'tournamentEntry.removeMember': {
    isAllowed: (asker, subject: { userId: number; captainId: number | null }) =>
      asker.user.id === subject.userId ||
      asker.user.id === subject.captainId ||
      isLanAdministrator(asker),
    refusal:
      'Only the member themself, the entry’s captain or a lan administrator takes someone out of an entry.',
  },
  /** Entering a clan in a tournament (the subject: the asker's role in it): its leader. */
  'clan.enterTournament': {
    isAllowed: (asker, role: ClanRole | null) => role === 'leader' || isLanAdministrator(asker),
    refusal: 'Only the clan’s leader enters the clan in a tournament.',
  },
  /** Creating a clan and joining one (issue 34). */
  'clans.join': rule(requiredRoles.clans, 'Only lanners and members can be in a clan.'),
  /** Joining a clan by its invite link (the subject: whether its code is the clan's own). */
  'clanInvite.use': {
    isAllowed: (_asker, isCurrentCode: boolean) => isCurrentCode,
    refusal: 'This invite link does not work (any more): ask the clan’s leader for a new one.',
  },
  /**
   * Running a clan (its name, tag, colour, invite code, members' roles; disbanding it): its
   * leader (the subject: the asker's role in the clan, null when not in it), and member
   * administrators, who look after what the site shows.
   */
  'clan.lead': {
    isAllowed: (asker, role: ClanRole | null) => role === 'leader' || isMemberAdministrator(asker),
    refusal: 'Only the clan’s leader can do this.',
  },
  /**
   * Ordering food in a lan's round (the subject: whether the asker holds a place there,
   * Accepted or Paid): only the lan's participants (issue 54). Running rounds is 'lans.manage'.
   */
  'food.order': {
    isAllowed: (_asker, isParticipant: boolean) => isParticipant,
    refusal: 'Only the lan’s participants (Accepted or Paid) order food in its rounds.',
  },
  /** Seat plans: placing seats, publishing, seating anyone at any time (issue 34). */
  'seating.manage': rule(requiredRoles.lanManagement, 'Only lan administrators change seat plans.'),
  /**
   * Taking part in a lan's seating (picking and freeing seats, swaps, seating one's clan):
   * anyone signed in asks; who may is 'seat.assign', 'seatSwap.accept', 'seatSwap.drop'
   * and 'clan.seat', once the seat, swap or clan is read.
   */
  'seating.takePart': anyoneSignedIn,
  /**
   * Seating someone (the subject: whom, and whether the asker seats their clan, as its
   * leader or a seat manager): oneself, one's clan, and lan administrators anyone.
   */
  'seat.assign': {
    isAllowed: (asker, subject: { userId: number; seatsTheirClan: boolean }) =>
      asker.user.id === subject.userId || subject.seatsTheirClan || isLanAdministrator(asker),
    refusal: 'You can only seat yourself, or your clan as its leader or seat manager.',
  },
  /** Accepting a seat swap (the subject: whom it asks): only the one asked. */
  'seatSwap.accept': {
    isAllowed: (asker, askedUserId: number) => asker.user.id === askedUserId,
    refusal: 'Only the one asked accepts a swap.',
  },
  /** Declining or withdrawing a seat swap (the subject: its two people). */
  'seatSwap.drop': {
    isAllowed: (asker, people: readonly number[]) => people.includes(asker.user.id),
    refusal: 'Only the two people of a swap answer or withdraw it.',
  },
  /** Seating a clan together (the subject: whether the asker leads the clan or manages its seats). */
  'clan.seat': {
    isAllowed: (asker, seatsTheirClan: boolean) => seatsTheirClan || isLanAdministrator(asker),
    refusal: 'Only the clan’s leader and seat managers seat the clan.',
  },
  /** Removing a member (the subject): the member themself, the leader, member administrators. */
  'clan.removeMember': {
    isAllowed: (asker, subject: { role: ClanRole | null; userId: number }) =>
      asker.user.id === subject.userId || subject.role === 'leader' || isMemberAdministrator(asker),
    refusal: 'Only the clan’s leader can remove other members.',
  },
} satisfies Record<string, Rule<never>>;

export type Action = keyof typeof rules;

type SubjectOf<A extends Action> = Parameters<(typeof rules)[A]['isAllowed']>[1];

/** What an action is about, when it is about something. */
type SubjectArgs<A extends Action> = [SubjectOf<A>] extends [undefined]
  ? []
  : [subject: SubjectOf<A>];

/** The actions about nothing in particular: what a route may check before its input. */
export type PlainAction = {
  [A in Action]: SubjectArgs<A> extends [] ? A : never;
}[Action];

/** Whether `asker` may do `action` (nobody may do none): for what is filtered, not refused. */
export function isAllowed<A extends Action>(
  asker: Asker | null,
  action: A,
  ...subject: SubjectArgs<A>
): boolean {
  if (!asker) return false;
  const { isAllowed: allows } = rules[action] as Rule<unknown>;
  return allows(asker, subject[0]);
}

/**
 * Refuses what `asker` may not do: 401 when nobody is signed in, 403 with the action's
 * words otherwise.
 */
export function authorize<A extends Action, Who extends Asker>(
  asker: Who | null,
  action: A,
  ...subject: SubjectArgs<A>
): asserts asker is Who {
  if (!asker) throw new ProblemError(401, 'Please sign in first.');
  const { isAllowed: allows, refusal } = rules[action] as Rule<unknown>;
  if (allows(asker, subject[0])) return;
  throw new ProblemError(403, typeof refusal === 'string' ? refusal : refusal(asker, subject[0]));
}

/**
 * A route's pre-validation hook authorizing `action`: the service's own check, made before
 * the input is validated, so strangers learn nothing about the input rules of closed calls.
 */
export function authorizeFirst(action: PlainAction) {
  return async (request: FastifyRequest): Promise<void> => {
    authorize(await request.viewer(), action);
  };
}

import type { ParticipantList, Role } from '@lanparty/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppOptions } from '../src/app.ts';
import type { Viewer } from '../src/modules/auth/viewer.ts';
import { type ApiSite, startApiSite } from './api-site.ts';
import { buildLanBody } from './lans.ts';
import { type Caller, type SignedIn, signInAs, signInCallers } from './signed-in.ts';
import type { Engine } from './test-database.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in person and the e-mail address they were given (null: none). */
export type Person = SignedIn & { email: string | null };

export type PersonOptions = {
  roles?: Role[];
  nickname?: string;
  /** verified (the default), unverified, or no address at all. */
  mail?: 'verified' | 'unverified' | 'none';
  firstName?: string | null;
  surname?: string | null;
  city?: string | null;
  birthDate?: string | null;
};

/** A message in the outbox, its payload parsed. */
export type QueuedMessage = {
  id: number;
  channel: string;
  dedupeKey: string;
  payload: { to?: string; subject?: string; text?: string } & Record<string, unknown>;
};

let counter = 0;

/**
 * The calls the organiser's route tests make on one site, with `admin` as the lan
 * administrator who creates lans and changes statuses.
 */
export function organiserApi(site: ApiSite, admin: SignedIn) {
  const request = (
    signedIn: SignedIn | undefined,
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    site.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...(signedIn?.headers ?? {}), ...headers },
    });

  const createLan = async (overrides: Record<string, unknown> = {}, days = 10) => {
    const response = await request(admin, 'POST', '/api/lans', buildLanBody(overrides, days));
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; name: string } & Record<string, unknown>;
  };

  /** PUT /api/lans/{id} with a whole body; the answer is the caller's to check. */
  const updateLan = (lanId: number, overrides: Record<string, unknown> = {}, days = 10) =>
    request(admin, 'PUT', `/api/lans/${lanId}`, { ...buildLanBody(overrides, days), id: lanId });

  /** A user with these roles (Lanner by default), an e-mail address and names as asked. */
  const person = async (options: PersonOptions = {}): Promise<Person> => {
    counter += 1;
    const nickname = options.nickname ?? `lanner${counter}p${process.pid}`;
    const mail = options.mail ?? 'verified';
    const email = mail === 'none' ? null : `lanner${counter}p${process.pid}@example.org`;
    const signedIn = await signInAs(site.db, site.issuer, options.roles ?? ['Lanner'], {
      nickname,
      ...(email ? { email } : {}),
    });
    await site.db
      .updateTable('users')
      .set({
        is_email_activated: mail === 'verified',
        first_name: options.firstName ?? null,
        surname: options.surname ?? null,
        city: options.city ?? null,
        birth_date: options.birthDate ?? null,
      })
      .where('id', '=', signedIn.user.id)
      .execute();
    return { ...signedIn, email };
  };

  /** POST /api/subscribers for oneself; expects 201. */
  const subscribe = async (lanId: number, who: SignedIn, waitlist?: boolean) => {
    const response = await request(who, 'POST', '/api/subscribers', {
      lanId,
      userId: who.user.id,
      ...(waitlist === undefined ? {} : { waitlist }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; status: string; waitlistPosition: number | null };
  };

  /** PUT /api/subscribers/{id}/status:… by the lan administrator; expects 200. */
  const setStatus = async (id: number, status: 'pending' | 'accepted' | 'paid' | 'denied') => {
    const response = await request(admin, 'PUT', `/api/subscribers/${id}/status:${status}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; status: string; waitlistPosition: number | null };
  };

  /** The statuses of these subscriptions as stored, by id (undefined: gone). */
  const storedStatuses = async (ids: readonly number[]) => {
    const rows = await site.db
      .selectFrom('subscribers')
      .select(['id', 'status'])
      .where('id', 'in', [...ids])
      .execute();
    return ids.map((id) => rows.find((row) => row.id === id)?.status);
  };

  /** The ticket code stored for a subscription, whatever its status. */
  const storedCode = async (subscriberId: number) => {
    const row = await site.db
      .selectFrom('subscribers')
      .select('check_in_code')
      .where('id', '=', subscriberId)
      .executeTakeFirstOrThrow();
    if (!row.check_in_code) throw new Error(`Subscriber ${subscriberId} has no code`);
    return row.check_in_code;
  };

  /** Whether a subscription is stored as present (null: never checked in). */
  const storedPresence = async (subscriberId: number) =>
    (
      await site.db
        .selectFrom('subscribers')
        .select('present')
        .where('id', '=', subscriberId)
        .executeTakeFirstOrThrow()
    ).present;

  /** POST /api/lans/{id}/check-ins, as the lan administrator unless told whom (null: anonymous). */
  const checkIn = (
    lanId: number,
    body: object,
    who: SignedIn | null = admin,
    headers: Record<string, string> = {},
  ) => request(who ?? undefined, 'POST', `/api/lans/${lanId}/check-ins`, body, headers);

  /**
   * A new person (a Lanner unless `roles` say) subscribed to the lan with this status, and
   * the ticket code stored for it.
   */
  const ticket = async (
    lanId: number,
    status?: 'accepted' | 'paid' | 'denied',
    options: { roles?: Array<'Lanner' | 'Member'> } = {},
  ) => {
    const who = await person({ roles: options.roles ?? ['Lanner'] });
    const { id } = await subscribe(lanId, who);
    if (status) await setStatus(id, status);
    return { who, id, code: await storedCode(id) };
  };

  /** A subscription's codes as its owner sees them on their own subscriptions. */
  const ownCodes = async (who: SignedIn, subscriberId: number) => {
    const items = (await request(who, 'GET', '/api/users/me/subscriptions')).json().items as Array<{
      id: number;
      checkInCode: string | null;
      shortCode: string | null;
    }>;
    const own = items.find(({ id }) => id === subscriberId);
    return { checkInCode: own?.checkInCode, shortCode: own?.shortCode };
  };

  /** GET /api/lans/{id}/participants by the lan administrator; expects 200. */
  const participantsOf = async (lanId: number): Promise<ParticipantList> => {
    const response = await request(admin, 'GET', `/api/lans/${lanId}/participants`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** One subscription as the organiser's participant list shows it; throws when it is not listed. */
  const participantOf = async (lanId: number, subscriberId: number) => {
    const found = (await participantsOf(lanId)).participants.find(
      (participant) => participant.subscriberId === subscriberId,
    );
    if (!found) throw new Error(`No participant ${subscriberId}`);
    return found;
  };

  /** How many places of the lan are taken: its Accepted and Paid subscriptions as stored. */
  const takenPlaces = async (lanId: number) =>
    (
      await site.db
        .selectFrom('subscribers')
        .select('id')
        .where('lan_id', '=', lanId)
        .where('status', 'in', ['Accepted', 'Paid'])
        .execute()
    ).length;

  /** How many rows the table holds. */
  const countRows = async (table: 'lans' | 'outbox' | 'subscribers') =>
    Number(
      (
        await site.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The outbox's last id: what `queuedSince` counts from. */
  const outboxMark = async () => {
    const row = await site.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  };

  /** The messages queued after `mark`, oldest first. */
  const queuedSince = async (mark: number): Promise<QueuedMessage[]> => {
    const rows = await site.db
      .selectFrom('outbox')
      .select(['id', 'channel', 'dedupe_key', 'payload'])
      .where('id', '>', mark)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      dedupeKey: row.dedupe_key,
      payload: JSON.parse(row.payload),
    }));
  };

  return {
    admin,
    request,
    createLan,
    updateLan,
    person,
    subscribe,
    setStatus,
    storedStatuses,
    storedCode,
    storedPresence,
    checkIn,
    ticket,
    ownCodes,
    takenPlaces,
    participantsOf,
    participantOf,
    countRows,
    outboxMark,
    queuedSince,
  };
}

export type OrganiserApi = ReturnType<typeof organiserApi>;

/** A describe block's site, its signed-in callers and the organiser's calls on it. */
export type OrganiserSite = {
  site: ApiSite;
  api: OrganiserApi;
  /** One signed-in user per caller asked for (none for anonymous). */
  as: Partial<Record<Caller, SignedIn>>;
  /** `api.request` sent as one of those callers (anonymous: without a token). */
  call: (
    caller: Caller,
    method: Method,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => ReturnType<OrganiserApi['request']>;
  /** The organiser's lan administrator as the services see them, for tests below HTTP. */
  adminViewer: Viewer;
};

/**
 * The set-up the route tests share, registered in the calling describe block: before its
 * tests a site on `engine` (`startApiSite` with `env` and `clock`), one user per caller in
 * `callers`, and the organiser's calls made by their LanAdministrator (when `callers` has
 * none, a new user with the roles `adminRoles`, LanAdministrator by default); after them
 * the site closed. What it returns is filled in before the first test, so the block may
 * destructure it at once.
 */
export function setUpOrganiserSite(
  engine: Engine,
  options: {
    callers?: readonly Caller[];
    adminRoles?: Role[];
    env?: Record<string, string>;
    clock?: () => Date;
    /** Where the site's log lines go (with env LOG_LEVEL), for tests that read them. */
    logStream?: AppOptions['logStream'];
  } = {},
): OrganiserSite {
  const site = {} as ApiSite;
  const admin = {} as SignedIn;
  const as: Partial<Record<Caller, SignedIn>> = {};
  const adminViewer = {} as Viewer;
  beforeAll(async () => {
    const { callers = [], env = {}, clock, logStream } = options;
    Object.assign(
      site,
      await startApiSite(engine, env, {
        ...(clock ? { clock } : {}),
        ...(logStream ? { logStream } : {}),
      }),
    );
    Object.assign(as, await signInCallers(site.db, site.issuer, callers));
    const roles: Role[] = as.LanAdministrator
      ? ['LanAdministrator']
      : (options.adminRoles ?? ['LanAdministrator']);
    Object.assign(admin, as.LanAdministrator ?? (await signInAs(site.db, site.issuer, roles)));
    Object.assign(adminViewer, { user: admin.user, roles });
  });
  afterAll(async () => site.close?.());
  const api = organiserApi(site, admin);
  const call: OrganiserSite['call'] = (caller, method, url, payload, headers) =>
    api.request(caller === 'anonymous' ? undefined : as[caller], method, url, payload, headers);
  return { site, api, as, call, adminViewer };
}

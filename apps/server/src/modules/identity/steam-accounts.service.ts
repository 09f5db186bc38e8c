import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SteamConfig } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { findUserById, findUserBySteamId } from '../accounts/accounts.repository.ts';
import { getPlayerSummaries, isSteamApiConfigured } from '../steam/steam-api.ts';
import { insertSignedUpUser } from './account-creation.ts';
import { assignSubject, isUniqueViolation } from './local-accounts.repository.ts';

export type SteamSignIn = { subject: string; isNewUser: boolean; isAdministrator: boolean };

/**
 * The subject of the person with this SteamID64, created on their first Steam sign-in
 * (nickname from their Steam profile when the Web API is configured), with the first
 * account of the site made administrator.
 */
export async function signInWithSteam(
  db: AppDatabase,
  steamId: string,
  options: { steam: SteamConfig; log: FastifyBaseLogger; now?: Date },
): Promise<SteamSignIn> {
  const existing = await findUserBySteamId(db, steamId);
  if (existing) {
    if (existing.subject)
      return { subject: existing.subject, isNewUser: false, isAdministrator: false };
    await assignSubject(db, existing.id, randomUUID());
    const updated = await findUserById(db, existing.id);
    return { subject: updated?.subject as string, isNewUser: false, isAdministrator: false };
  }
  const nickname =
    (await fetchPersonaName(options.steam, steamId, options.log)) ?? `steam-${steamId.slice(-5)}`;
  try {
    const { user, isAdministrator } = await db
      .transaction()
      .execute((trx) =>
        insertSignedUpUser(trx, { subject: randomUUID(), nickname, steamId }, options.now),
      );
    return { subject: user.subject as string, isNewUser: true, isAdministrator };
  } catch (error) {
    // The same person finished a second Steam sign-in at the same moment.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUserBySteamId(db, steamId);
    if (!raced?.subject) throw error;
    return { subject: raced.subject, isNewUser: false, isAdministrator: false };
  }
}

/** The persona name from ISteamUser/GetPlayerSummaries, or undefined without a key or on failure. */
async function fetchPersonaName(
  steam: SteamConfig,
  steamId: string,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  if (!isSteamApiConfigured(steam)) return undefined;
  try {
    const [player] = await getPlayerSummaries(steam, [steamId]);
    const name = player?.personaname?.trim() ?? '';
    return name === '' ? undefined : name.slice(0, 64);
  } catch (error) {
    // A sign-in must not fail because the profile could not be read; the nickname is
    // brought in line by the next profile sync.
    log.warn({ err: error, steamId }, 'could not read the Steam persona name');
    return undefined;
  }
}

import type { AppDatabase } from '../../db/database.ts';
import { claimNonce, purgeExpiredNonces } from './used-nonces.repository.ts';

export const openIdNamespace = 'http://specs.openid.net/auth/2.0';
const identifierSelect = 'http://specs.openid.net/auth/2.0/identifier_select';
/** A SteamID64 of an individual account: 7656119 followed by ten digits. */
const claimedIdPattern = /^https?:\/\/steamcommunity\.com\/openid\/id\/(7656119\d{10})$/;
/** How old an answer may be; also how long its nonce is remembered. */
export const nonceLifetimeMs = 5 * 60 * 1000;
/** Clocks differ a little; an answer from slightly in the future is still fine. */
const allowedClockSkewMs = 60 * 1000;
/** Fields that must be covered by Steam's signature, or they could be swapped. */
const mustBeSigned = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce'];

/** Where to send someone to sign in through Steam (OpenID 2.0 checkid_setup). */
export function steamSignInUrl(options: {
  openIdUrl: string;
  returnTo: string;
  realm: string;
}): string {
  const url = new URL(options.openIdUrl);
  url.search = new URLSearchParams({
    'openid.ns': openIdNamespace,
    'openid.mode': 'checkid_setup',
    'openid.return_to': options.returnTo,
    'openid.realm': options.realm,
    'openid.identity': identifierSelect,
    'openid.claimed_id': identifierSelect,
  }).toString();
  return url.href;
}

export type SteamVerification =
  | { isValid: true; steamId: string }
  | { isValid: false; reason: string };

type VerifyOptions = {
  db: AppDatabase;
  /** The configured Steam endpoint; the answer must name it and it must confirm it. */
  openIdUrl: string;
  /** Our callback address this answer must have been meant for. */
  returnTo: string;
  now?: Date;
};

/**
 * Checks Steam's answer to a sign-in: meant for us, from the configured endpoint, for a
 * SteamID64, fresh and never seen before, and confirmed by Steam itself with
 * `check_authentication` (we keep no association, so Steam checks its own signature).
 * Answers the SteamID64, or why the answer was refused.
 */
export async function verifySteamAnswer(
  query: Record<string, unknown>,
  options: VerifyOptions,
): Promise<SteamVerification> {
  const now = options.now ?? new Date();
  const answer = openIdParametersOf(query);
  if (!answer) return refuse('a parameter was repeated or is not text');
  const refusal = checkAnswer(answer, options, now);
  if (refusal) return refuse(refusal);
  const steamId = claimedIdPattern.exec(answer.claimed_id ?? '')?.[1] as string;

  const confirmation = await askSteamToConfirm(answer, options.openIdUrl);
  if (confirmation) return refuse(confirmation);

  await purgeExpiredNonces(options.db, now);
  const nonceTime = nonceTimeOf(answer.response_nonce ?? '') as number;
  const isNew = await claimNonce(
    options.db,
    `${options.openIdUrl} ${answer.response_nonce}`,
    new Date(Math.max(nonceTime, now.getTime()) + nonceLifetimeMs),
  );
  if (!isNew) return refuse('the response nonce was used before (replay)');
  return { isValid: true, steamId };
}

function refuse(reason: string): SteamVerification {
  return { isValid: false, reason };
}

/** The `openid.*` parameters without their prefix; undefined when any is not one string. */
function openIdParametersOf(query: Record<string, unknown>): Record<string, string> | undefined {
  const answer: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('openid.')) continue;
    if (typeof value !== 'string') return undefined;
    answer[name.slice('openid.'.length)] = value;
  }
  return answer;
}

function checkAnswer(
  answer: Record<string, string>,
  options: VerifyOptions,
  now: Date,
): string | undefined {
  if (answer.mode === 'cancel') return 'the person cancelled at Steam';
  if (answer.mode !== 'id_res') return `unexpected mode ${answer.mode ?? '(none)'}`;
  if (answer.ns !== openIdNamespace) return 'not an OpenID 2.0 answer';
  if (answer.op_endpoint !== options.openIdUrl) return 'op_endpoint is not the configured one';
  if (answer.return_to !== options.returnTo) return 'return_to is not this sign-in';
  if (!claimedIdPattern.test(answer.claimed_id ?? '')) return 'claimed_id is not a SteamID64';
  if (answer.identity !== answer.claimed_id) return 'identity differs from claimed_id';
  const signed = new Set((answer.signed ?? '').split(','));
  const unsigned = mustBeSigned.filter((field) => !signed.has(field));
  if (unsigned.length > 0) return `not signed: ${unsigned.join(', ')}`;
  if (!answer.sig || !answer.assoc_handle) return 'no signature';
  const nonceTime = nonceTimeOf(answer.response_nonce ?? '');
  if (nonceTime === undefined) return 'response_nonce has no time';
  if (now.getTime() - nonceTime > nonceLifetimeMs) return 'response_nonce is stale';
  if (nonceTime - now.getTime() > allowedClockSkewMs) return 'response_nonce is from the future';
  return undefined;
}

/** A response nonce starts with its UTC time, `2025-01-31T20:15:00Z`. */
function nonceTimeOf(nonce: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  if (!match?.[1]) return undefined;
  const time = Date.parse(match[1]);
  return Number.isNaN(time) ? undefined : time;
}

/** Sends the answer back to Steam as `check_authentication`; undefined when confirmed. */
async function askSteamToConfirm(
  answer: Record<string, string>,
  openIdUrl: string,
): Promise<string | undefined> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(answer)) body.set(`openid.${name}`, value);
  body.set('openid.mode', 'check_authentication');
  let text: string;
  try {
    const response = await fetch(openIdUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return `check_authentication answered HTTP ${response.status}`;
    text = await response.text();
  } catch (error) {
    return `check_authentication failed: ${(error as Error).message}`;
  }
  const fields = parseKeyValueForm(text);
  if (fields.ns !== openIdNamespace) return 'check_authentication answer is not OpenID 2.0';
  if (fields.is_valid !== 'true') return `Steam answered is_valid:${fields.is_valid ?? '(none)'}`;
  return undefined;
}

/** OpenID's key-value form: one `key:value` per line. */
export function parseKeyValueForm(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return fields;
}

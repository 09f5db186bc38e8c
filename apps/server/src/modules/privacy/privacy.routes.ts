import {
  consentChangeSchema,
  consentStateSchema,
  consentsSchema,
  dataExportSchema,
  idParamSchema,
  ownAccountSchema,
  ownErasureSchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AnswerDepends,
  type JsonBytes,
  type KeptAnswers,
  sendJson,
  sendKept,
} from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { findRoles, findUserById } from '../accounts/accounts.repository.ts';
import { currentViewer, requireViewer } from '../auth/authenticate.ts';
import { authorize, authorizeFirst } from '../auth/authorize.ts';
import { InvalidTokenError, type SignInProofVerifier } from '../auth/token-verifier.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { attemptLimits, requireAttempt } from '../limits/attempt-limits.ts';
import {
  answerSteamPlaytimeConsent,
  deleteCollectedPlaytime,
  readSteamPlaytimeConsent,
} from './consents.ts';
import { exportUserData } from './data-export.ts';
import { type ErasureDeps, eraseAccount } from './erasure.ts';
import { verifyOwnPassword } from './own-password.ts';

export type PrivacyDeps = ErasureDeps & {
  verifySignIn: SignInProofVerifier;
  /** One's own reads, kept per person (http/kept-answers.ts). */
  ownReads: KeptAnswers<JsonBytes>;
  clock?: () => Date;
};

const lansGroup: AnswerDepends = { groups: ['lans'] };

/** How recent a sign-in must be to stand for a password when erasing an account. */
const freshSignInSeconds = 5 * 60;

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  404: problemDetailsSchema,
};

export const privacyRoutes =
  (deps: PrivacyDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const now = () => deps.clock?.() ?? new Date();

    app.get(
      '/api/users/me/export',
      {
        schema: {
          tags: ['users'],
          summary: 'Download everything the site holds about the signed-in user',
          description:
            'One indented JSON file: `about` says what the file and each part is; `data` has a ' +
            'key for every table that refers to a user (an empty list where nothing is theirs), ' +
            'and the mail sent to them, their uploads (as links), their sign-in records and the ' +
            'attempt counters that name them. Times carry the community’s offset, money is in ' +
            'euros, ids of lans, games, clans and tournaments have their names beside them. ' +
            'Secrets (password and code hashes, token ids, ticket codes) are left out.',
          response: { 200: dataExportSchema, 401: problemDetailsSchema, 429: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        await requireAttempt(
          deps.db,
          [[attemptLimits.exportsPerUser, String(viewer.user.id)]],
          'exports of your data',
        );
        const exported = await exportUserData(
          deps.db,
          viewer.user,
          { publicUrl: deps.publicUrl, timeZone: deps.communityTimeZone },
          now(),
        );
        const day = exported.exportedAt.slice(0, 10);
        // Indented, for a person to read in any text editor (issue 51); the same JSON.
        reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="lanparty-data-${viewer.user.id}-${day}.json"`,
          );
        return sendJson(
          reply,
          Buffer.from(JSON.stringify(dataExportSchema.parse(exported), null, 2)),
        );
      },
    );

    app.get(
      '/api/users/me/account',
      {
        schema: {
          tags: ['users'],
          summary: 'How the signed-in user signs in',
          response: { 200: ownAccountSchema, 401: problemDetailsSchema },
        },
      },
      // Kept while users and their local accounts are unchanged (the lans group).
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const read = { depends: lansGroup, schema: ownAccountSchema, parts: [viewer.user.id] };
        return sendKept(deps.ownReads, request, reply, read, async () => {
          const username = (await findUsernameOfUser(deps.db, viewer.user.id)) ?? null;
          return { username, hasPassword: username !== null };
        });
      },
    );

    app.delete(
      '/api/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'Erase the signed-in user’s account',
          description:
            'With the account’s password; only accounts without one (Steam, single sign-on) ' +
            'send instead the ID token of a sign-in made in the last 5 minutes. 204; the account’s tokens ' +
            'are refused from then on. Past subscriptions, payments and playtime stay, of a ' +
            '"Former lanner".',
          body: ownErasureSchema,
          response: {
            204: z.undefined(),
            ...problems,
            409: problemDetailsSchema,
            429: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const { password, idToken } = request.body;
        if (password !== undefined) {
          await requireAttempt(
            deps.db,
            [[attemptLimits.passwordChecksPerUser, String(viewer.user.id)]],
            'password checks',
          );
          const verdict = await verifyOwnPassword(deps.db, viewer.user.id, password);
          if (verdict === 'none')
            throw new ProblemError(
              400,
              'This account has no password: sign in again and send the sign-in’s proof.',
            );
          if (verdict === 'wrong') throw new ProblemError(400, 'The password is not right.');
        } else if (idToken !== undefined) {
          // A sign-in's proof is no more than a session: whoever holds one of a password
          // account (a tab left signed in) must still know the password to erase it.
          if ((await findUsernameOfUser(deps.db, viewer.user.id)) !== undefined)
            throw new ProblemError(400, 'This account has a password: confirm with it.');
          await requireFreshSignIn(deps.verifySignIn, idToken, viewer.user.subject, now());
        } else {
          throw new ProblemError(
            400,
            'Confirm with your password, or sign in again to confirm it is you.',
          );
        }
        await eraseAccount(deps, viewer.user, { kind: 'self' }, now(), request.log);
        request.log.info({ userId: viewer.user.id }, 'account erased by its owner');
        return reply.code(204).send();
      },
    );

    app.delete(
      '/api/users/:id',
      {
        preValidation: authorizeFirst('users.erase'),
        schema: {
          tags: ['users'],
          summary: 'Erase an account, as a member administrator',
          description:
            'Records when and by whom, nothing else. Takes no body: a reason an older page ' +
            'still sends is ignored, never kept (free text may name the person). ' +
            'Nobody erases their own account here: DELETE /api/users/me asks for its password.',
          params: z.object({ id: idParamSchema }),
          response: {
            204: z.undefined(),
            ...problems,
            403: problemDetailsSchema,
            409: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        if (viewer.user.id === request.params.id)
          throw new ProblemError(
            409,
            'Erase your own account from your profile, with its password.',
          );
        const user = await findUserById(deps.db, request.params.id);
        if (!user || user.erased_at !== null)
          throw new ProblemError(404, `There is no user ${request.params.id}.`);
        // As with roles: a member administrator erases lanners and members, not those who
        // hold a role they could not take away.
        authorize(viewer, 'user.erase', (await findRoles(deps.db, [user.id])).get(user.id) ?? []);
        await eraseAccount(
          deps,
          user,
          { kind: 'administrator', userId: viewer.user.id },
          now(),
          request.log,
        );
        request.log.info({ userId: user.id, by: viewer.user.id }, 'account erased');
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/users/me/consents',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user’s consents',
          response: { 200: consentsSchema, 401: problemDetailsSchema },
        },
      },
      // Kept while users and their consents are unchanged (the lans group).
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const read = { depends: lansGroup, schema: consentsSchema, parts: [viewer.user.id] };
        return sendKept(deps.ownReads, request, reply, read, async () => ({
          steamPlaytime: await readSteamPlaytimeConsent(
            deps.db,
            (await currentViewer(deps.db, viewer)).user,
          ),
        }));
      },
    );

    app.put(
      '/api/users/me/consents/steam-playtime',
      {
        schema: {
          tags: ['users'],
          summary: 'Give or withdraw consent to record Steam playtime',
          description:
            'Stored with the time and the wording’s version. Withdrawn, nothing more is ' +
            'collected from the next poll on; what was collected stays until DELETE ' +
            '/api/users/me/playtime.',
          body: consentChangeSchema,
          response: { 200: consentStateSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request);
        await answerSteamPlaytimeConsent(deps.db, viewer.user.id, request.body.given, now());
        return readSteamPlaytimeConsent(deps.db, viewer.user);
      },
    );

    app.delete(
      '/api/users/me/playtime',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete the Steam playtime collected of the signed-in user',
          description:
            'Their sessions and playtime per day go, and with them their place in past ' +
            'leaderboards and rewinds. 204.',
          response: { 204: z.undefined(), 401: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        await deleteCollectedPlaytime(deps.db, viewer.user.id);
        return reply.code(204).send();
      },
    );
  };

/** A sign-in of this person within the last five minutes, proved by its ID token. */
async function requireFreshSignIn(
  verify: SignInProofVerifier,
  idToken: string,
  subject: string | null,
  now: Date,
): Promise<void> {
  let proof: Awaited<ReturnType<SignInProofVerifier>>;
  try {
    proof = await verify(idToken);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    throw new ProblemError(400, 'The sign-in’s proof is not valid. Please sign in again.');
  }
  if (proof.subject !== subject)
    throw new ProblemError(400, 'The sign-in’s proof is of another account.');
  if (now.getTime() / 1000 - proof.authTime > freshSignInSeconds)
    throw new ProblemError(400, 'Sign in again to confirm: that sign-in was over 5 minutes ago.');
}

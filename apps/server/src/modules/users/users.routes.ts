import {
  idParamSchema,
  paged,
  pagedQuerySchema,
  playtimeStatusSchema,
  problemDetailsSchema,
  screenVisibilitySchema,
  signUpSchema,
  userListQuerySchema,
  userProfileInputSchema,
  userProfileSchema,
  userPublicSchema,
  userUpdateSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toBoolean } from '../../db/columns.ts';
import {
  type JsonBytes,
  type KeptAnswers,
  keyOfRead,
  sendJson,
  sendKept,
  toJson,
} from '../../http/kept-answers.ts';
import { currentViewer, requireViewer } from '../auth/authenticate.ts';
import { attemptLimits, requireAttempt } from '../limits/attempt-limits.ts';
import { findSteamProfileState } from '../playtime/steam-profiles.repository.ts';
import { isSteamApiConfigured } from '../steam/steam-api.ts';
import { setShowsOnScreens } from './users.repository.ts';
import {
  getOwnProfile,
  getUser,
  isEmailUsedByOther,
  listPublicUsers,
  listSignUps,
  syncSteamProfile,
  type UsersDeps,
  updateOwnProfile,
  updateUser,
  verifyEmail,
} from './users.service.ts';

const idParams = z.object({ id: idParamSchema });
const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  404: problemDetailsSchema,
};
/** Of a call for member administrators: a 403 for anyone else. */
const closedProblems = { ...problems, 403: problemDetailsSchema };

export const usersRoutes =
  (deps: UsersDeps & { ownReads: KeptAnswers<JsonBytes> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Users, paged (public fields)',
          description:
            'roles: users with any of these roles; missingRoles: users with none of them; ' +
            'userIds: only these users. Lists are comma-separated or repeated. sort=nickname sorts by nickname.',
          querystring: userListQuerySchema,
          response: { 200: paged(userPublicSchema), 400: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const read = await deps.reads.read(
          keyOfRead(request),
          async () => ({
            json: toJson(paged(userPublicSchema), await listPublicUsers(deps, request.query)),
            isInactive: false,
          }),
          request,
        );
        return sendJson(reply, read.json);
      },
    );

    app.get(
      '/api/users/me',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user’s whole profile',
          response: { 200: userProfileSchema, 401: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const read = await deps.reads.read(
          keyOfRead(request, viewer.user.id),
          async () => ({
            json: toJson(userProfileSchema, await getOwnProfile(deps, viewer)),
            isInactive: false,
          }),
          request,
        );
        return sendJson(reply, read.json);
      },
    );

    app.put(
      '/api/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'Save the signed-in user’s profile',
          description:
            'roles, nickname, steamId and stats in the body are ignored. A new e-mail address is ' +
            'unverified until the link mailed to it is opened.',
          body: userProfileInputSchema,
          response: { 200: userProfileSchema, ...problems },
        },
      },
      async (request) => updateOwnProfile(deps, await requireViewer(request), request.body),
    );

    app.get(
      '/api/users/me/sync-status',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'Bring nickname and avatar in line with the Steam profile',
          description: 'Answers the text Updated when something changed (reload), else Unchanged.',
          response: { 200: z.enum(['Updated', 'Unchanged']), 401: problemDetailsSchema },
        },
      },
      async (request, reply) => {
        const status = await syncSteamProfile(deps, await requireViewer(request), request.log);
        return reply.type('text/plain; charset=utf-8').send(status);
      },
    );

    app.get(
      '/api/users/me/playtime-status',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'Whether the signed-in user’s playtime is recorded',
          description:
            'For the profile page: playtime is only recorded with a Steam id whose game details ' +
            'are public, on a site with a Steam Web API key.',
          response: { 200: playtimeStatusSchema, 401: problemDetailsSchema },
        },
      },
      // Kept while the user (the lans group) and their Steam profile's state (the playtime
      // group, written by the collector with the playtime) are unchanged.
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const read = {
          depends: { groups: ['lans', 'playtime'] } as const,
          schema: playtimeStatusSchema,
          parts: [viewer.user.id],
        };
        return sendKept(deps.ownReads, request, reply, read, async () => {
          const { user } = await currentViewer(deps.db, viewer);
          const hasSteamId = user.steam_id !== null;
          const profile = await findSteamProfileState(deps.db, user.id);
          return {
            isCollecting: hasSteamId && isSteamApiConfigured(deps.steam),
            hasSteamId,
            isGameDetailsPrivate: hasSteamId && profile.isPrivate,
            gamesCheckedAt: profile.gamesCheckedAt,
            showsOnScreens: toBoolean(user.shows_on_screens),
          };
        });
      },
    );

    app.put(
      '/api/users/me/screen-visibility',
      {
        schema: {
          tags: ['users'],
          summary: 'Show or hide what the signed-in user plays on lan screens',
          description:
            'false: now playing, the lan’s top players and the screens’ arrivals leave them ' +
            'out, counted in no group and named nowhere (from the next read on).',
          body: screenVisibilitySchema,
          response: { 200: screenVisibilitySchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request);
        await setShowsOnScreens(deps.db, viewer.user.id, request.body.showsOnScreens);
        return { showsOnScreens: request.body.showsOnScreens };
      },
    );

    app.put(
      '/api/users/me/email-verifications/:code',
      {
        schema: {
          tags: ['users'],
          summary: 'Open an e-mail verification link',
          description:
            '204 when the address is now verified; 400 or 404 when the link is not valid.',
          params: z.object({ code: z.string().min(10).max(200) }),
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await verifyEmail(deps, await requireViewer(request), request.params.code);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/users/email-addresses/:email',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'Is this e-mail address used by someone else?',
          description:
            '200 when another user has it; 404 when it is free (your own address counts as free). ' +
            'Limited per user and per address (429 with Retry-After).',
          params: z.object({ email: z.string().min(1).max(254) }),
          response: {
            200: z.object({ isUsed: z.literal(true) }),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
            429: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        await requireAttempt(
          deps.db,
          [
            [attemptLimits.emailChecksPerUser, String(viewer.user.id)],
            [attemptLimits.emailChecksPerAddress, request.ip],
          ],
          'e-mail address checks',
        );
        const isUsed = await isEmailUsedByOther(deps, viewer, request.params.email);
        if (!isUsed) {
          return reply.code(404).type('application/problem+json').send({
            type: 'about:blank',
            title: 'Not found',
            status: 404,
            detail: 'No one else uses this address.',
          });
        }
        return { isUsed: true as const };
      },
    );

    app.get(
      '/api/sign-ups',
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'New users awaiting verification as lanners, newest first',
          description:
            'Users without the Lanner role (administrators left out), with whether their e-mail ' +
            'is verified and their profile complete. For member administrators (and system administrators); make one ' +
            'a lanner with PUT /api/users/{id}, which e-mails them.',
          querystring: pagedQuerySchema,
          response: { 200: paged(signUpSchema), ...closedProblems },
        },
      },
      async (request) => listSignUps(deps, await requireViewer(request), request.query),
    );

    app.get(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'A user',
          description:
            'The whole profile for the user themself and member administrators; public fields otherwise.',
          params: idParams,
          response: { 200: z.union([userProfileSchema, userPublicSchema]), ...problems },
        },
      },
      async (request) => getUser(deps, await request.viewer(), request.params.id),
    );

    app.put(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Set a user’s roles (and profile), as an administrator',
          description:
            'MemberAdministrator grants and revokes Lanner and Member; SystemAdministrator every role. ' +
            'Nobody removes their own SystemAdministrator role, nor the site’s last one (409).',
          params: idParams,
          body: userUpdateSchema,
          response: { 200: userProfileSchema, ...closedProblems, 409: problemDetailsSchema },
        },
      },
      async (request) =>
        updateUser(deps, await requireViewer(request), request.params.id, request.body),
    );
  };

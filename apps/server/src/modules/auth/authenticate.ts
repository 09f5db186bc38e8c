import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { sharedLooks } from '../../db/shared-looks.ts';
import { type AnswerDepends, createKeptAnswers } from '../../http/kept-answers.ts';
import { ProblemError, problem, sendProblem } from '../../http/problems.ts';
import {
  erasedSubjectOf,
  findRoles,
  findUserById,
  findUserBySteamId,
  findUserBySubject,
  findUsersWithRolesBySubjects,
  insertUser,
  linkSubject,
  type UserRow,
} from '../accounts/accounts.repository.ts';
import { authorize } from './authorize.ts';
import { InvalidTokenError, type TokenVerifier, type VerifiedIdentity } from './token-verifier.ts';
import type { Viewer } from './viewer.ts';

/**
 * Reads the bearer token of every API call, before its input is validated (a stranger
 * learns nothing about the input rules of closed calls). No token: an anonymous viewer. A token that
 * does not verify: 401, even on public calls, so a client learns its session is gone.
 * The user row is created on the first authenticated call.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { db: AppDatabase; verifyToken: TokenVerifier },
) {
  // Who is behind a subject and with which roles, kept while users and roles are unchanged
  // (the lans group of tables): one version lookup instead of the user and roles queries.
  // After a change, requests arriving together read their users in one query.
  const viewers = createKeptAnswers<Viewer>(deps.db, { maximum: 2_000 });
  const viewerDepends: AnswerDepends = { groups: ['lans'] };
  const lookUpUsers = sharedLooks((subjects: readonly string[]) =>
    findUsersWithRolesBySubjects(deps.db, subjects),
  );
  app.decorateRequest('viewer', anonymous);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (!header) return;
    const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header)?.[1];
    if (!token) return refuse(reply, 'The Authorization header must be "Bearer <token>".');
    let identity: VerifiedIdentity;
    try {
      identity = await deps.verifyToken(token);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      request.log.info({ reason: error.message }, 'bearer token refused');
      return refuse(reply, 'The access token is not valid. Please sign in again.');
    }
    let viewer: Promise<Viewer> | undefined;
    request.viewer = () => {
      viewer ??= viewers.read(
        `viewer ${identity.subject}`,
        viewerDepends,
        () => resolveViewer(deps.db, identity, lookUpUsers),
        request,
      );
      return viewer;
    };
  });
}

function refuse(reply: FastifyReply, detail: string) {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return sendProblem(reply, problem(401, detail));
}

/**
 * The viewer as the database holds them now, for an answer built to be kept: a kept answer
 * is stamped with the versions read when it is built (http/kept-answers.ts), which may be
 * newer than those the request's viewer was read under. Built from that viewer, it could
 * pin a change's old user or roles to the change's version.
 */
export async function currentViewer(db: AppDatabase, viewer: Viewer): Promise<Viewer> {
  const id = viewer.user.id;
  const [user, roles] = await Promise.all([findUserById(db, id), findRoles(db, [id])]);
  return user ? { user, roles: roles.get(id) ?? [] } : viewer;
}

/**
 * The viewer of a route that is only for signed-in users (authorize's `account.use`: a 401
 * for nobody). Routes alone call it; a service takes the viewer or null and authorizes its
 * own action.
 */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  authorize(viewer, 'account.use');
  return viewer;
}

async function anonymous(): Promise<Viewer | null> {
  return null;
}

async function resolveViewer(
  db: AppDatabase,
  identity: VerifiedIdentity,
  lookUpUsers: (subject: string) => Promise<Map<string, Viewer>>,
): Promise<Viewer> {
  const known = (await lookUpUsers(identity.subject)).get(identity.subject);
  if (known) return known;
  // An erased account's tokens are refused at once, however long they had to run: its
  // subject is kept hashed, and a first call is looked up by it before a user is made.
  if (await findUserBySubject(db, erasedSubjectOf(identity.subject)))
    throw new ProblemError(401, 'This account was erased.');
  const user = await createUserFor(db, identity);
  const roles = (await findRoles(db, [user.id])).get(user.id) ?? [];
  return { user, roles };
}

/**
 * First call of a new subject. A Steam user known from before (e.g. signed in through
 * another provider) is linked rather than duplicated. Two first calls at once race on
 * the unique subject; the loser reads the winner's row.
 */
async function createUserFor(db: AppDatabase, identity: VerifiedIdentity): Promise<UserRow> {
  try {
    return await db.transaction().execute(async (trx) => {
      const known = identity.steamId ? await findUserBySteamId(trx, identity.steamId) : undefined;
      if (known && known.subject === null) {
        return linkSubject(trx, known.id, identity.subject);
      }
      return insertUser(trx, {
        subject: identity.subject,
        nickname: identity.displayName ?? `lanner-${identity.subject.slice(-6)}`,
        steamId: known ? null : (identity.steamId ?? null),
      });
    });
  } catch (error) {
    const existing = await findUserBySubject(db, identity.subject);
    if (existing) return existing;
    throw error;
  }
}

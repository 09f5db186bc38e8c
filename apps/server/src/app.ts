import { randomUUID } from 'node:crypto';
import { CURRENT_VERSION } from '@lanparty/contract';
import { discoveryDocumentUrl } from '@lanparty/contract/rules';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from './db/database.ts';
import type { Executor } from './db/executor.ts';
import { buildAnswerWritersOnStart } from './http/answer-writer.ts';
import { registerCachePolicy } from './http/cache-policy.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { jsonTooDeepError, maximumJsonDepth, nestsDeeperThan } from './http/json-nesting.ts';
import { createKeptAnswers, type JsonBytes } from './http/kept-answers.ts';
import { redactUrl } from './http/log-redaction.ts';
import { registerOpenApi } from './http/openapi.ts';
import { problem, sendProblem } from './http/problems.ts';
import { contractValidatorCompiler } from './http/query-validation.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import { findRoles, findUserById } from './modules/accounts/accounts.repository.ts';
import { announcementsRoutes } from './modules/announcements/announcements.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { moveAssetFilesIntoDatabase } from './modules/assets/move-asset-files.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import {
  createSignInProofVerifier,
  createTokenVerifier,
  discoveredKeys,
  localKeys,
  rememberVerifiedTokens,
  type SignInProofVerifier,
  type TokenVerifier,
} from './modules/auth/token-verifier.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createWebhookDeliverer } from './modules/chat/discord-webhook.ts';
import { clansRoutes } from './modules/clans/clans.routes.ts';
import { seedDemoCommunity } from './modules/demo/demo-community.ts';
import { createEventHub, defaultStreamLimits } from './modules/events/event-hub.ts';
import { startEventPruner } from './modules/events/event-pruner.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { foodRoutes } from './modules/food/food.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { syncBadges } from './modules/history/history.service.ts';
import { registerEmbeddedIdentityProvider } from './modules/identity/identity-provider.ts';
import { loadOrCreateSigningKeys } from './modules/identity/signing-keys.ts';
import { startSharedJob } from './modules/jobs/shared-jobs.ts';
import { lanDefaultsRoutes } from './modules/lans/lan-defaults.routes.ts';
import { createLanReadCache } from './modules/lans/lan-read-cache.ts';
import { lansRoutes } from './modules/lans/lans.routes.ts';
import { paymentDetailsRoutes } from './modules/lans/payment-details.routes.ts';
import { afterLeavingLan } from './modules/leaving/after-leaving-lan.ts';
import { registerWriteLimit } from './modules/limits/write-limits.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { isLocalPlainHttpSite } from './modules/notices/push-endpoint.ts';
import { createPushDeliverer, siteVapidKeys, vapidSubjectOf } from './modules/notices/web-push.ts';
import { nowPlayingRoutes } from './modules/now-playing/now-playing.routes.ts';
import { messagingRoutes } from './modules/organiser/messaging.routes.ts';
import { organiserRoutes } from './modules/organiser/organiser.routes.ts';
import { startMailFolderSweeper } from './modules/outbox/mail-files.ts';
import { createMailer } from './modules/outbox/mailer.ts';
import { startOutboxWorker } from './modules/outbox/outbox.worker.ts';
import { startSteamCollector } from './modules/playtime/steam-collector.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { sweepOldRecords } from './modules/privacy/retention.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { screensRoutes } from './modules/screens/screens.routes.ts';
import { seatingRoutes } from './modules/seating/seating.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { startLeaderboardAnnouncer } from './modules/stats/leaderboard-announcer.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { isSteamApiConfigured } from './modules/steam/steam-api.ts';
import { subscribersRoutes } from './modules/subscriptions/subscribers.routes.ts';
import { tournamentsRoutes } from './modules/tournaments/tournaments.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

export type AppOptions = {
  /** A database the caller owns (tests); otherwise one is opened from the config and closed with the app. */
  db?: AppDatabase;
  /** Background jobs (outbox, Steam playtime); on by default, off for tests that drive them by hand. */
  isRunningJobs?: boolean;
  /** The time of subscription changes; tests move it (the status mails' minute, decision 034). */
  clock?: () => Date;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: pino.DestinationStream;
};

/**
 * Tokens are verified the same way for both providers; only where the keys come from
 * differs. Access tokens for every call; ID tokens as the proof of a fresh sign-in.
 */
async function createVerifiers(
  config: Config,
  db: AppDatabase,
): Promise<{ verifyToken: TokenVerifier; verifySignIn: SignInProofVerifier }> {
  const { identity } = config;
  const keys =
    identity.kind === 'embedded'
      ? localKeys((await loadOrCreateSigningKeys({ db, dataDir: config.dataDir })).publicJwks)
      : discoveredKeys(identity.issuer);
  return {
    verifyToken: rememberVerifiedTokens(
      createTokenVerifier({
        issuer: identity.issuer,
        audience: identity.audience,
        steamIdClaim: identity.steamIdClaim,
        keys,
      }),
    ),
    verifySignIn: createSignInProofVerifier({
      issuer: identity.issuer,
      clientId: identity.clientId,
      keys,
    }),
  };
}

/**
 * Standard output, written asynchronously in chunks of up to 4 KB. Shared by every app in
 * the process (tests build many); what is buffered is written out before the process exits.
 */
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
process.once('exit', () => logDestination.flushSync());

/** The nearest `hops` proxies are trusted (what proxy-addr does with a number). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * Builds the whole site without listening: tests call `app.inject`, server.ts listens.
 * Read it as the table of contents of the server; everything is registered by hand,
 * in this order.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Every line that logs a request's address keeps none of its secrets (tokens, codes,
      // an e-mail address): the request line below and any other.
      serializers: { url: redactUrl },
      // People starting the site in a terminal read lines; log collectors read JSON,
      // written in chunks of a few lines rather than one write per line (a third of a
      // small answer's time went to writing its log line). Flushed when the app closes.
      ...(options.logStream
        ? { stream: options.logStream }
        : process.stdout.isTTY
          ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
          : { stream: logDestination }),
    },
    genReqId: () => randomUUID(),
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Uploads (banners, avatars) are at most 5 MB; JSON bodies are far smaller.
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may say who the client is (TRUST_PROXY); otherwise
    // X-Forwarded-For is the client's own claim and every attempt limit could be dodged.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // An address with a broken %-escape (`/api/lans/%ZZ`) is refused before routing: as a
    // problem like every other 400, not Fastify's own shape.
    frameworkErrors: (error, request, reply) => {
      // Not the error itself: its message repeats the address, secrets and all.
      request.log.info(
        { code: (error as { code?: string }).code, url: request.url },
        'request refused before routing',
      );
      sendProblem(reply, problem(400, 'The address is not valid: it holds a broken %-escape.'));
    },
  });
  // Calls with an empty body (PUT subscribers/{id}/status:…) often still say
  // application/json; an empty JSON body means no body, not a 400. A body nested deeper
  // than any call takes is a 400 before it is parsed, so nothing walking it can overflow.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (nestsDeeperThan(body as string, maximumJsonDepth)) return done(jsonTooDeepError());
    return parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before the routes: each answer writer is built as its route is added, not on a first visit.
  buildAnswerWritersOnStart(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'request completed',
    );
    done();
  });

  // What must stop when the app closes, stopped last-started first (jobs before the database).
  const stopTasks: Array<() => Promise<unknown>> = [];
  app.addHook('onClose', async () => {
    for (const stop of stopTasks.reverse()) await stop();
  });

  const db = options.db ?? createDatabase(config.database);
  if (!options.db) stopTasks.push(() => db.destroy());
  try {
    const applied = await migrateToLatest(db, databaseSchemaOf(config));
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    // Nothing half-started: a site that cannot migrate does not serve.
    await app.close();
    throw error;
  }

  registerErrorHandling(app);
  registerTextGuard(app);
  registerCachePolicy(app, config.communityTimeZone);
  registerSecurityHeaders(app, config.publicUrl, config.identity.issuer);
  await registerOpenApi(app, CURRENT_VERSION);
  const verifiers = await createVerifiers(config, db);
  registerAuthentication(app, { db, verifyToken: verifiers.verifyToken });
  registerWriteLimit(app, db, config.writesPerMinute);
  // After the security headers: the provider answers from the raw response they are set on.
  if (config.identity.kind === 'embedded')
    await registerEmbeddedIdentityProvider(app, { config, db });

  const isChatOn = config.chat.webhookUrl !== undefined;
  const reads = createLanReadCache(db);
  await app.register(healthRoutes(db));
  await app.register(settingsRoutes(config.identity));
  // One's own reads (profile, seat swaps, history), kept per person (decision 023).
  const ownReads = createKeptAnswers<JsonBytes>(db, {
    maximum: 2_000,
    ...(options.clock ? { now: options.clock } : {}),
  });
  await app.register(
    usersRoutes({ db, publicUrl: config.publicUrl, steam: config.steam, reads, ownReads }),
  );
  const playDeps = {
    publicUrl: config.publicUrl,
    isChatOn,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  // Made at the first start and kept in the database (one pair for every server), read once.
  const vapidKeys = siteVapidKeys(db);
  const lanDeps = {
    ...playDeps,
    db,
    communityTimeZone: config.communityTimeZone,
    reads,
    answers: createKeptAnswers<{ json: JsonBytes; isPublic: boolean }>(db),
    // What follows leaving a lan, one step for every way of leaving (decision 049).
    leaveLan: (trx: Executor, lanId: number, userId: number) =>
      afterLeavingLan(playDeps, trx, lanId, userId),
  };
  await app.register(lansRoutes(lanDeps));
  await app.register(
    subscribersRoutes({ ...lanDeps, ownSubscriptions: reads.showing(['seating']) }),
  );
  await app.register(
    privacyRoutes({
      ...lanDeps,
      dataDir: config.dataDir,
      verifySignIn: verifiers.verifySignIn,
      ownReads,
    }),
  );
  await app.register(organiserRoutes(lanDeps));
  await app.register(foodRoutes(lanDeps));
  await app.register(
    noticesRoutes({
      ...lanDeps,
      vapidKeys,
      allowsLoopback: isLocalPlainHttpSite(config.publicUrl),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
  await app.register(lanDefaultsRoutes({ db }));
  await app.register(paymentDetailsRoutes({ db }));
  await app.register(messagingRoutes({ isChatOn }));
  await app.register(announcementsRoutes(lanDeps));
  await app.register(tournamentsRoutes(lanDeps));
  await app.register(gamesRoutes({ db }));
  await app.register(
    clansRoutes({
      db,
      timeZone: config.communityTimeZone,
      answers: createKeptAnswers<JsonBytes>(db, { maximum: 100 }),
      pages: createKeptAnswers(db, { maximum: 500 }),
    }),
  );
  await app.register(
    seatingRoutes({
      db,
      communityTimeZone: config.communityTimeZone,
      answers: createKeptAnswers(db),
      follows: createKeptAnswers(db, { maximum: 100 }),
      ownReads,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
  await app.register(
    scheduleRoutes({
      db,
      communityTimeZone: config.communityTimeZone,
      answers: createKeptAnswers(db),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
  const statsDeps = { db, communityTimeZone: config.communityTimeZone };
  await app.register(statsRoutes({ ...statsDeps, answers: createKeptAnswers<JsonBytes>(db) }));
  await app.register(
    historyRoutes({ ...statsDeps, ownReads, ...(options.clock ? { clock: options.clock } : {}) }),
  );
  await app.register(calendarRoutes({ db, publicUrl: config.publicUrl }));
  await moveAssetFilesIntoDatabase({ db, dataDir: config.dataDir, log: app.log });
  await app.register(assetsRoutes({ db }));
  const events = createEventHub({
    db,
    database: config.database,
    log: app.log,
    limits: { ...defaultStreamLimits, total: config.liveStreamsMax },
  });
  stopTasks.push(() => events.close());
  await app.register(
    nowPlayingRoutes({
      db,
      isCollecting: isSteamApiConfigured(config.steam),
      // Room for every lan of a community ten times the demo's (220 lans): at 100, boards
      // opened in turn pushed each other out (0.11 of the floor).
      answers: createKeptAnswers(db, {
        maximum: 1_000,
        ...(options.clock ? { now: options.clock } : {}),
      }),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
  await app.register(
    screensRoutes({
      db,
      hub: events,
      communityTimeZone: config.communityTimeZone,
      publicUrl: config.publicUrl,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
  await app.register(
    eventsRoutes({
      hub: events,
      readRoles: async (userId) => {
        const user = await findUserById(db, userId);
        if (!user || user.erased_at !== null) return null;
        return (await findRoles(db, [userId])).get(userId) ?? [];
      },
    }),
  );
  if (config.isDemo) await seedDemoCommunity({ db, config, log: app.log });

  if (options.isRunningJobs ?? true) {
    const outbox = startOutboxWorker(
      db,
      {
        email: createMailer(config.mail, config.dataDir, app.log),
        // Chat is off without a webhook: the worker then leaves chat messages alone.
        ...(config.chat.webhookUrl ? { chat: createWebhookDeliverer(config.chat.webhookUrl) } : {}),
        push: createPushDeliverer({
          db,
          keys: vapidKeys,
          subject: vapidSubjectOf(config.publicUrl, config.mail.from),
          allowsLoopback: isLocalPlainHttpSite(config.publicUrl),
        }),
      },
      app.log,
    );
    stopTasks.push(() => outbox.stop());
    // Mail written to files lives in this server's own folder: each server sweeps its own,
    // with SMTP_URL too (files written before it was set go as their text goes).
    const mailFiles = startMailFolderSweeper(db, config.dataDir, app.log);
    stopTasks.push(() => mailFiles.stop());
    const pruner = startEventPruner(db, app.log);
    stopTasks.push(() => pruner.stop());
    // Badges as the data earns them, stored so the site can tell people of new ones.
    const badges = startSharedJob(
      { db, log: app.log },
      { name: 'badges', intervalMs: 5 * 60_000, task: (now) => syncBadges(statsDeps, now) },
    );
    stopTasks.push(() => badges.stop());
    // What names people is kept no longer than it is needed (README, privacy).
    const sweeper = startSharedJob(
      { db, log: app.log },
      {
        name: 'retention',
        intervalMs: 60 * 60_000,
        task: (now) => sweepOldRecords(db, now),
      },
    );
    stopTasks.push(() => sweeper.stop());
    // Playtime needs the Steam Web API: without STEAM_API_KEY nothing is collected.
    if (isSteamApiConfigured(config.steam)) {
      const collector = startSteamCollector({
        db,
        steam: config.steam,
        communityTimeZone: config.communityTimeZone,
        log: app.log.child({ job: 'steam-collector' }),
      });
      stopTasks.push(() => collector.stop());
    }
    // The monthly leaderboard post; only queued while the chat is on.
    if (isChatOn) {
      const announcer = startLeaderboardAnnouncer({
        ...statsDeps,
        publicUrl: config.publicUrl,
        log: app.log.child({ job: 'leaderboard-announcer' }),
      });
      stopTasks.push(() => announcer.stop());
    }
  }

  await registerWebApp(app, config.webDistDir, {
    // What the app asks first, before it knows who is signed in (start-app.tsx).
    preloads: ['/api/settings/keycloak', discoveryDocumentUrl(config.identity.issuer)],
  });
  return app;
}

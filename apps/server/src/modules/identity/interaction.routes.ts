import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { countUsers } from '../accounts/accounts.repository.ts';
import {
  attemptLimits,
  describeWait,
  forgetAttempts,
  refundAttempt,
  tryAttempt,
} from '../limits/attempt-limits.ts';
import { demoAccounts } from './demo-accounts.ts';
import { authenticateLocalAccount, createLocalAccount } from './local-accounts.service.ts';
import type { PageAssets } from './page-layout.ts';
import { signInPagePolicy } from './page-security.ts';
import {
  type CreateAccountErrors,
  renderCreateAccountPage,
  renderMessagePage,
  renderSignInPage,
} from './sign-in-pages.ts';
import { signInWithSteam } from './steam-accounts.service.ts';
import { steamSignInUrl, verifySteamAnswer } from './steam-openid.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

export type InteractionRouteDependencies = {
  provider: Provider;
  config: Config;
  db: AppDatabase;
  assets: PageAssets;
  /** The public path of the provider (`/oidc`), for links in the pages. */
  basePath: string;
  /** Origins our forms may lead to (the web app), for the pages' CSP. */
  formOrigins: string[];
};

export const wrongCredentialsMessage = 'The username or password is not correct.';
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts for this account. Please try again in ${describeWait(retryAfterSeconds)}.`;
}
export const steamFailedMessage = 'Steam did not confirm your sign-in. Please try again.';

/**
 * The pages of a sign-in (oidc-provider's "interaction"): username and password, a new
 * account, Steam. Each ends by telling oidc-provider who signed in; consent for our own
 * web app is given without asking.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  deps: InteractionRouteDependencies,
): void {
  const { provider, config, db, assets, basePath } = deps;
  const pathOf = (uid: string, page = '') => `${basePath}/interaction/${uid}${page}`;

  const sendPage = (reply: FastifyReply, markup: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', signInPagePolicy(deps.formOrigins))
      .send(markup);

  /** The interaction of this browser for this uid, or undefined when it is over or foreign. */
  const loadInteraction = async (request: UidRequest, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  const sendExpired = (reply: FastifyReply) =>
    sendPage(
      reply,
      renderMessagePage({
        assets,
        title: 'Sign in',
        heading: 'This sign-in has expired',
        message: 'Sign-in pages are valid for an hour. Go back to the site to start again.',
        link: { href: config.publicUrl.href, text: 'Back to Lanparty' },
      }),
      400,
    );

  const finish = async (
    request: UidRequest,
    reply: FastifyReply,
    result: InteractionResults,
    isContinuation = false,
  ) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: isContinuation,
    });
    return reply.redirect(returnTo, 303);
  };

  const signInPage = async (uid: string, extra: { username?: string; error?: string }) =>
    renderSignInPage({
      assets,
      actionUrl: pathOf(uid, '/login'),
      createAccountUrl: pathOf(uid, '/create-account'),
      steamUrl: pathOf(uid, '/steam'),
      isSiteEmpty: (await countUsers(db)) === 0,
      demoAccounts: config.isDemo ? demoAccounts : undefined,
      ...extra,
    });

  const createAccountPage = async (
    uid: string,
    values: { username?: string; email?: string },
    errors: CreateAccountErrors,
  ) =>
    renderCreateAccountPage({
      assets,
      actionUrl: pathOf(uid, '/create-account'),
      signInUrl: pathOf(uid),
      values,
      errors,
      isSiteEmpty: (await countUsers(db)) === 0,
    });

  app.get('/oidc/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    if (interaction.prompt.name === 'consent') {
      const consent = await grantFirstPartyConsent(provider, interaction, config);
      return finish(request, reply, consent, true);
    }
    const query = request.query as Record<string, unknown>;
    const error = query.error === 'steam' ? steamFailedMessage : undefined;
    return sendPage(reply, await signInPage(interaction.uid, { error }));
  });

  app.post('/oidc/interaction/:uid/login', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    const form = formOf(request.body);
    const username = form.username.trim();
    // Per account whatever the address (guessing one password), and per address (trying
    // many accounts); the address is the one TRUST_PROXY allows us to believe.
    const verdict = await tryAttempt(db, [
      [attemptLimits.signInPerAccount, username.toLowerCase()],
      [attemptLimits.signInPerAddress, request.ip],
    ]);
    if (!verdict.isAllowed) {
      // Not what was typed as the name: it may be an address, or a password by mistake.
      request.log.warn({ ip: request.ip }, 'sign-in attempts rate-limited');
      const error = tooManyAttemptsMessage(verdict.retryAfterSeconds);
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return sendPage(reply, await signInPage(interaction.uid, { username, error }), 429);
    }
    const subject = await authenticateLocalAccount(db, username, form.password);
    if (!subject) {
      const page = await signInPage(interaction.uid, { username, error: wrongCredentialsMessage });
      return sendPage(reply, page);
    }
    await forgetAttempts(db, attemptLimits.signInPerAccount, username.toLowerCase());
    await refundAttempt(db, attemptLimits.signInPerAddress, request.ip);
    return finish(request, reply, { login: { accountId: subject, amr: ['pwd'] } });
  });

  app.get('/oidc/interaction/:uid/create-account', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    return sendPage(reply, await createAccountPage(interaction.uid, {}, {}));
  });

  app.post('/oidc/interaction/:uid/create-account', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    const form = formOf(request.body);
    const values = { username: form.username, email: form.email };
    const verdict = await tryAttempt(db, [[attemptLimits.newAccountsPerAddress, request.ip]]);
    if (!verdict.isAllowed) {
      const wait = describeWait(verdict.retryAfterSeconds);
      const errors = {
        username: `Too many new accounts from your network. Please try again in ${wait}.`,
      };
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return sendPage(reply, await createAccountPage(interaction.uid, values, errors), 429);
    }
    const result = await createLocalAccount(
      db,
      { ...values, password: form.password, passwordRepeat: form.passwordRepeat },
      { publicUrl: config.publicUrl },
    );
    if (!result.isCreated) {
      return sendPage(reply, await createAccountPage(interaction.uid, values, result.errors));
    }
    request.log.info(
      { userId: result.userId, isAdministrator: result.isAdministrator },
      'local account created',
    );
    return finish(request, reply, { login: { accountId: result.subject, amr: ['pwd'] } });
  });

  const steamReturnTo = (uid: string) =>
    `${config.identity.issuer}/interaction/${uid}/steam/callback`;

  app.get('/oidc/interaction/:uid/steam', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    const url = steamSignInUrl({
      openIdUrl: config.steam.openIdUrl,
      returnTo: steamReturnTo(interaction.uid),
      realm: config.publicUrl.origin,
    });
    return reply.redirect(url, 303);
  });

  app.get('/oidc/interaction/:uid/steam/callback', async (request: UidRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);
    const verification = await verifySteamAnswer(request.query as Record<string, unknown>, {
      db,
      openIdUrl: config.steam.openIdUrl,
      returnTo: steamReturnTo(interaction.uid),
    });
    if (!verification.isValid) {
      request.log.warn({ reason: verification.reason }, 'Steam sign-in refused');
      return reply.redirect(`${pathOf(interaction.uid)}?error=steam`, 303);
    }
    const signIn = await signInWithSteam(db, verification.steamId, {
      steam: config.steam,
      log: request.log,
    });
    if (signIn.isNewUser) {
      request.log.info(
        { isAdministrator: signIn.isAdministrator },
        'user created by Steam sign-in',
      );
    }
    return finish(request, reply, { login: { accountId: signIn.subject } });
  });
}

type SignInForm = { username: string; email: string; password: string; passwordRepeat: string };

/** The form's fields as text; anything missing or repeated counts as empty. */
function formOf(body: unknown): SignInForm {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  return {
    username: text('username'),
    email: text('email'),
    password: text('password'),
    passwordRepeat: text('passwordRepeat'),
  };
}

/**
 * Our own web app needs no "do you allow…?" question: grant what it asked for. Other
 * clients do not exist; refuse anything else rather than grant it silently.
 */
async function grantFirstPartyConsent(
  provider: Provider,
  interaction: Interaction,
  config: Config,
): Promise<InteractionResults> {
  const { params, prompt, session } = interaction;
  if (params.client_id !== config.identity.clientId || !session) {
    return { error: 'access_denied', error_description: 'Only our own web app may sign in here.' };
  }
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id as string });
  if (!grant) return { error: 'access_denied', error_description: 'The grant has expired.' };
  const details = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  return { consent: interaction.grantId ? {} : { grantId } };
}

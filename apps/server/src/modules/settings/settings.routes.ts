import { identitySettingsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityConfig } from '../../config.ts';

/** The scopes the web app asks for: sign-in, a name, and refresh tokens to stay signed in. */
export const webAppScope = 'openid profile offline_access';

export const settingsRoutes =
  (identity: IdentityConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/keycloak',
      {
        schema: {
          tags: ['settings'],
          summary: 'Which identity provider the web app signs in with',
          description:
            'The embedded provider at /oidc by default, or the configured external issuer (e.g. a Keycloak realm).',
          response: { 200: identitySettingsSchema },
        },
      },
      async () => ({
        issuer: identity.issuer,
        clientId: identity.clientId,
        audience: identity.audience,
        scope: webAppScope,
      }),
    );
  };

import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { getIdentitySettings } from './identity-settings.ts';

const embedded = {
  issuer: 'http://localhost:3000/oidc',
  clientId: 'lanparty-web',
  audience: 'lanparty-api',
  scope: 'openid profile offline_access',
};

describe('getIdentitySettings', () => {
  it('reads the identity provider the web app signs in with', async () => {
    stubFetch({ 'GET /api/settings/keycloak': () => jsonResponse(embedded) });
    await expect(getIdentitySettings()).resolves.toEqual(embedded);
  });

  it.each([
    { ...embedded, issuer: 'not a url' },
    { ...embedded, issuer: 'ftp://id.example' },
    { ...embedded, clientId: '' },
    { issuer: embedded.issuer },
  ])('refuses settings it cannot sign in with: %j', async (settings) => {
    stubFetch({ 'GET /api/settings/keycloak': () => jsonResponse(settings) });
    await expect(getIdentitySettings()).rejects.toThrow();
  });
});

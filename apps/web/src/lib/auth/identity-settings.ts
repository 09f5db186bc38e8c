import type { IdentitySettings } from '@lanparty/contract';
import { apiRequest } from '../api-client.ts';

/**
 * GET /api/settings/keycloak: which identity provider to sign in with. Checked by hand
 * rather than with the contract's zod schema, which the first screen cannot afford.
 */
export async function getIdentitySettings(): Promise<IdentitySettings> {
  const settings = await apiRequest<Partial<IdentitySettings> | undefined>(
    '/api/settings/keycloak',
  );
  const { issuer, clientId, audience, scope } = settings ?? {};
  if (!isHttpUrl(issuer) || !isFilled(clientId) || typeof scope !== 'string') {
    throw new Error('The identity settings lack an http(s) issuer, a client id or a scope.');
  }
  return { issuer, clientId, audience: audience ?? '', scope };
}

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isHttpUrl(value: unknown): value is string {
  if (!isFilled(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

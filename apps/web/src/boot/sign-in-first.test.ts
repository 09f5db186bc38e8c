import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_PREFIX } from '../lib/auth/auth-session.ts';
import { needsTheApp, signInFirst } from './sign-in-first.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the page that signs in first', () => {
  it('needs the app for a session kept here, or a sign-in coming back, and not otherwise', () => {
    const at = (search: string) => ({ search });
    expect(needsTheApp(localStorage, at(''))).toBe(false);
    expect(needsTheApp(localStorage, at('?code=c0de&state=st4te'))).toBe(true);
    expect(needsTheApp(localStorage, at('?error=access_denied&state=st4te'))).toBe(true);
    localStorage.setItem('lanparty.sign-in:st4te', '{}');
    expect(needsTheApp(localStorage, at('?code=c0de'))).toBe(false);
    localStorage.setItem(`${SESSION_PREFIX}http://localhost:3000/oidc:lanparty`, '{}');
    expect(needsTheApp(localStorage, at(''))).toBe(true);
  });

  it('starts the app at once for a session kept here, asking nothing of the network', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(`${SESSION_PREFIX}http://localhost:3000/oidc:lanparty`, '{}');
    const startApp = vi.fn(async () => {});
    await signInFirst(startApp);
    expect(startApp).toHaveBeenCalledOnce();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts the app, which says what failed, when the sign-in cannot be set up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('unavailable', { status: 503 })),
    );
    const startApp = vi.fn(async () => {});
    await signInFirst(startApp);
    expect(startApp).toHaveBeenCalledOnce();
  });
});

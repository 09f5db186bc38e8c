import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createAuthSession,
  type OidcClientPort,
  SESSION_PREFIX,
  type SessionUser,
} from '../lib/auth/auth-session.ts';
import { useSession } from '../lib/auth/session.tsx';
import { RequireSignIn } from './require-sign-in.tsx';

function fakeClient() {
  return {
    settings: { authority: 'https://id.example/oidc', client_id: 'lanparty-web' },
    createSigninRequest: vi.fn(async () => ({ url: 'https://id.example/oidc/auth' })),
    createSignoutRequest: vi.fn(async () => ({ url: 'https://id.example/oidc/session/end' })),
    clearStaleState: vi.fn(async () => {}),
  } as unknown as OidcClientPort & Record<string, ReturnType<typeof vi.fn>>;
}

function SignOutButton() {
  const session = useSession();
  return (
    <button type="button" onClick={() => void session.signOut()}>
      Sign out
    </button>
  );
}

const userKey = `${SESSION_PREFIX}https://id.example/oidc:lanparty-web`;

function storedUser(): SessionUser {
  return {
    session_state: null,
    access_token: 'a',
    id_token: 'id',
    token_type: 'Bearer',
    profile: { sub: '7', iss: 'i', aud: 'a', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 300,
  };
}

describe('RequireSignIn', () => {
  it('sends a visitor who is not signed in to the identity provider, remembering the path', async () => {
    window.history.replaceState(null, '', '/lanners?x=1');
    const client = fakeClient();
    const redirect = vi.fn();
    const auth = createAuthSession({ client, redirect });
    render(<RequireSignIn auth={auth}>Inside</RequireSignIn>);
    expect(screen.getByRole('status')).toHaveTextContent('Signing in…');

    await auth.start();
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('https://id.example/oidc/auth'));
    expect(client.createSigninRequest).toHaveBeenCalledWith({
      state: { returnTo: '/lanners?x=1' },
      request_type: 'si:r',
    });
    expect(screen.queryByText('Inside')).not.toBeInTheDocument();
  });

  it('shows the app to a signed-in user, with sign-out through the session', async () => {
    localStorage.setItem(userKey, JSON.stringify(storedUser()));
    const client = fakeClient();
    const redirect = vi.fn();
    const auth = createAuthSession({ client, redirect });
    await auth.start();
    render(
      <RequireSignIn auth={auth}>
        <SignOutButton />
      </RequireSignIn>,
    );
    screen.getByRole('button', { name: 'Sign out' }).click();
    await vi.waitFor(() =>
      expect(redirect).toHaveBeenCalledWith('https://id.example/oidc/session/end'),
    );
    expect(client.createSignoutRequest).toHaveBeenCalledWith({ id_token_hint: 'id' });
  });

  it('shows this tab signed out when the person signs out in another tab', async () => {
    window.history.replaceState(null, '', '/lans/upcoming');
    localStorage.setItem(userKey, JSON.stringify(storedUser()));
    const client = fakeClient();
    const redirect = vi.fn();
    const auth = createAuthSession({ client, redirect, reload: vi.fn() });
    await auth.start();
    render(<RequireSignIn auth={auth}>Inside</RequireSignIn>);
    expect(screen.getByText('Inside')).toBeInTheDocument();

    // The other tab forgets the user; the browser tells this one.
    const oldValue = localStorage.getItem(userKey);
    localStorage.removeItem(userKey);
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: userKey, oldValue, storageArea: localStorage }),
      );
    });
    expect(await screen.findByRole('status')).toHaveTextContent('You are signed out');
    expect(screen.queryByText('Inside')).not.toBeInTheDocument();
    // Not sent to sign in by itself: the other tab is still ending the session.
    expect(client.createSigninRequest).not.toHaveBeenCalled();

    screen.getByRole('button', { name: 'Sign in again' }).click();
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('https://id.example/oidc/auth'));
    expect(client.createSigninRequest).toHaveBeenCalledWith({
      state: { returnTo: '/lans/upcoming' },
      request_type: 'si:r',
    });
  });

  it('offers to sign in again when signing in failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = fakeClient();
    vi.mocked(client.createSigninRequest).mockRejectedValueOnce(new Error('network'));
    const auth = createAuthSession({ client, redirect: vi.fn() });
    await auth.start();
    render(<RequireSignIn auth={auth}>Inside</RequireSignIn>);
    expect(await screen.findByRole('alert')).toHaveTextContent('Signing in did not work');
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });
});

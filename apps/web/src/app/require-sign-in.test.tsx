import { render, screen } from '@testing-library/react';
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
    const user: SessionUser = {
      session_state: null,
      access_token: 'a',
      id_token: 'id',
      token_type: 'Bearer',
      profile: { sub: '7', iss: 'i', aud: 'a', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 300,
    };
    localStorage.setItem(
      `${SESSION_PREFIX}https://id.example/oidc:lanparty-web`,
      JSON.stringify(user),
    );
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

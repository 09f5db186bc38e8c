import { buildUserProfile } from '@lanparty/contract/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
} from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

const unverified = { id: 5, nickname: 'nova', roles: ['Lanner' as const], isEmailActivated: false };

describe('the e-mail verification link', () => {
  it('sends the code, refreshes the user and lands on the personal profile with a success notification', async () => {
    const { requests } = stubFetch({
      'PUT /api/users/me/email-verifications/c0de-1234': () => emptyResponse(204),
      'GET /api/users/me': () =>
        jsonResponse(buildUserProfile({ ...unverified, isEmailActivated: true })),
    });
    const { router } = renderApp('/profile/email-verification/c0de-1234', {
      viewer: buildViewer(unverified),
    });

    expect(await screen.findByText('Email address actived.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/personal'));
    expect(screen.getByText('Email address actived.').closest('[data-theme]')).toHaveAttribute(
      'data-theme',
      'good',
    );
    const sent = requests.filter((request) => request.url.pathname.includes('email-verifications'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    // The refreshed user is verified: the warning is gone.
    await waitFor(() =>
      expect(screen.queryByText('Email needs to be verified')).not.toBeInTheDocument(),
    );
    expect(requests.some((request) => request.url.pathname === '/api/users/me')).toBe(true);
  });

  it.each([400, 404])(
    'shows an error notification when the code is refused (%i)',
    async (status) => {
      stubFetch({
        'PUT /api/users/me/email-verifications/expired': () => problemResponse(status),
      });
      const { router } = renderApp('/profile/email-verification/expired', {
        viewer: buildViewer(unverified),
      });
      const message = await screen.findByText('Error occured during email address activation.');
      expect(message.closest('[data-theme]')).toHaveAttribute('data-theme', 'bad');
      expect(router.state.location.pathname).toBe('/profile/email-verification/expired');
      expect(screen.queryByText('Email address actived.')).not.toBeInTheDocument();
    },
  );

  it('sends nothing when the address is already verified', async () => {
    const { requests } = stubFetch({});
    renderApp('/profile/email-verification/c0de-1234', {
      viewer: buildViewer({ ...unverified, isEmailActivated: true }),
    });
    await screen.findByRole('form', { name: 'Personal Information' });
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});

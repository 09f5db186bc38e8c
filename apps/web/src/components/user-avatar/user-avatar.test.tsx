import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { emptyResponse, problemResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { createTestQueryClient } from '../../testing/render-app.tsx';
import { UserAvatar } from './user-avatar.tsx';

function renderAvatar() {
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <UserAvatar user={{ id: 9, nickname: 'zed' }} size={48} alt="Avatar of zed" />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('UserAvatar', () => {
  it('shows the uploaded image with a cache-busting lm from Last-Modified, asked without a bearer', async () => {
    configureApiClient({ getAccessToken: () => 'secret' });
    const { requests } = stubFetch({
      'HEAD /api/assets/user-9': () =>
        emptyResponse(200, { 'Last-Modified': 'Sat, 08 Mar 2025 12:00:00 GMT' }),
    });
    renderAvatar();
    const image = await screen.findByRole('img', { name: 'Avatar of zed' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute(
      'src',
      `/api/assets/user-9?lm=${Date.parse('2025-03-08T12:00:00Z')}`,
    );
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('generates an avatar from the nickname when there is no image (404), without any other request', async () => {
    const { requests } = stubFetch({ 'HEAD /api/assets/user-9': () => emptyResponse(404) });
    renderAvatar();
    const avatar = await screen.findByTestId('generated-avatar');
    expect(avatar.tagName.toLowerCase()).toBe('svg');
    expect(avatar).toHaveAccessibleName('Avatar of zed');
    expect(requests).toHaveLength(1);
  });

  it('puts any other error in the query and still shows the generated avatar', async () => {
    stubFetch({ 'HEAD /api/assets/user-9': () => problemResponse(500) });
    const queryClient = renderAvatar();
    expect(await screen.findByTestId('generated-avatar')).toBeInTheDocument();
    const [query] = queryClient.getQueryCache().findAll({ queryKey: ['assets', 'user-9'] });
    expect(query?.state.status).toBe('error');
    expect(query?.state.error).toMatchObject({ status: 500 });
  });
});

import type { UserPublic } from '@lanparty/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { generatedAvatarUrl } from './generated-avatar.ts';
import { UserAvatar } from './user-avatar.tsx';

type AvatarUser = Pick<UserPublic, 'id' | 'nickname' | 'avatarVersion'>;

function renderAvatar(user: AvatarUser, options: { isLazy?: boolean } = {}) {
  // Nothing is asked of the API: whether there is an avatar comes with the user.
  const { requests } = stubFetch({});
  render(<UserAvatar user={user} size={48} alt={`Avatar of ${user.nickname}`} {...options} />);
  return { requests, image: screen.getByRole('img', { name: `Avatar of ${user.nickname}` }) };
}

/** The SVG text of a generated avatar's data URL. */
const svgOf = (url: string) => decodeURIComponent(url.replace(/^data:image\/svg\+xml,/, ''));

describe('UserAvatar', () => {
  it('shows the uploaded avatar at each width it is served at, for the size it is shown at', () => {
    const { image, requests } = renderAvatar({ id: 9, nickname: 'zed', avatarVersion: 'abc_12-Z' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/api/assets/user-9?v=abc_12-Z');
    expect(image.getAttribute('srcset')?.split(', ')).toEqual([
      '/api/assets/user-9?v=abc_12-Z&w=64 64w',
      '/api/assets/user-9?v=abc_12-Z&w=128 128w',
      '/api/assets/user-9?v=abc_12-Z&w=192 192w',
      '/api/assets/user-9?v=abc_12-Z&w=256 256w',
    ]);
    expect(image).toHaveAttribute('sizes', '48px');
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '48');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('loading');
    expect(requests).toHaveLength(0);
  });

  it('waits to be scrolled near when it is below the first screen', () => {
    const { image } = renderAvatar(
      { id: 9, nickname: 'zed', avatarVersion: 'abc' },
      { isLazy: true },
    );
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('generates an avatar from the nickname when there is none, without any request', () => {
    const { image, requests } = renderAvatar({ id: 9, nickname: 'zed', avatarVersion: null });
    expect(image).toHaveAttribute('data-testid', 'generated-avatar');
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '48');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('srcset');
    const source = image.getAttribute('src') ?? '';
    expect(source).toMatch(/^data:image\/svg\+xml,/);
    expect(svgOf(source)).toMatch(/^<svg [^>]*viewBox="0 0 80 80">.*>Z<\/text><\/svg>$/);
    expect(requests).toHaveLength(0);
  });

  it('draws the same avatar for the same nickname, and others for others', () => {
    const nicknames = ['zed', 'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    const urls = nicknames.map(generatedAvatarUrl);
    expect(nicknames.map(generatedAvatarUrl)).toEqual(urls);
    expect(new Set(urls).size).toBe(nicknames.length);
    expect(new Set(urls.map((url) => /fill="(#\w+)"/.exec(svgOf(url))?.[1])).size).toBeGreaterThan(
      1,
    );
  });

  it('writes any first letter as text, never as markup', () => {
    expect(svgOf(generatedAvatarUrl('<script>'))).toContain('>&lt;</text>');
    expect(svgOf(generatedAvatarUrl('&co'))).toContain('>&amp;</text>');
    expect(svgOf(generatedAvatarUrl('élan'))).toContain('>É</text>');
    expect(svgOf(generatedAvatarUrl('  '))).toContain('>?</text>');
  });
});

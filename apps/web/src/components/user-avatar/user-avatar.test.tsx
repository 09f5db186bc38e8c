import type { UserPublic } from '@lanparty/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { generatedAvatar } from './generated-avatar.ts';
import { UserAvatar } from './user-avatar.tsx';

type AvatarUser = Pick<UserPublic, 'id' | 'nickname' | 'avatarVersion'>;

function renderAvatar(user: AvatarUser, options: { isLazy?: boolean } = {}) {
  // Nothing is asked of the API: whether there is an avatar comes with the user.
  const { requests } = stubFetch({});
  render(<UserAvatar user={user} size={48} alt={`Avatar of ${user.nickname}`} {...options} />);
  return { requests, image: screen.getByRole('img', { name: `Avatar of ${user.nickname}` }) };
}

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

  it('draws an avatar from the nickname when there is none, without any request', () => {
    const { image, requests } = renderAvatar({ id: 9, nickname: 'zed', avatarVersion: null });
    expect(image.tagName).toBe('SPAN');
    expect(image).toHaveAttribute('data-testid', 'generated-avatar');
    expect(image).toHaveAttribute('data-letter', 'Z');
    expect(image).toBeEmptyDOMElement();
    expect(image.style.width).toBe('48px');
    expect(image.style.height).toBe('48px');
    const { background, disc } = generatedAvatar('zed');
    expect(image.style.background).toContain('radial-gradient');
    expect(image.style.background).toContain(hex(disc));
    expect(image.style.background).toContain(hex(background));
    expect(requests).toHaveLength(0);
  });

  it('is hidden from assistive technology when it has no name (the nickname is beside it)', () => {
    stubFetch({});
    const { container } = render(
      <UserAvatar user={{ id: 9, nickname: 'zed', avatarVersion: null }} size={72} />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws the same avatar for the same nickname, and others for others', () => {
    const nicknames = ['zed', 'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    const drawn = nicknames.map((nickname) => JSON.stringify(generatedAvatar(nickname)));
    expect(nicknames.map((nickname) => JSON.stringify(generatedAvatar(nickname)))).toEqual(drawn);
    expect(new Set(drawn).size).toBe(nicknames.length);
    expect(
      new Set(nicknames.map((nickname) => generatedAvatar(nickname).background)).size,
    ).toBeGreaterThan(1);
    for (const nickname of nicknames) {
      const avatar = generatedAvatar(nickname);
      expect(avatar.disc).not.toBe(avatar.background);
    }
  });

  it('draws the first letter, upper case, whatever it is, and a question mark for none', () => {
    expect(generatedAvatar('<script>').letter).toBe('<');
    expect(generatedAvatar('élan').letter).toBe('É');
    expect(generatedAvatar('🎮 gamer').letter).toBe('🎮');
    expect(generatedAvatar('  ').letter).toBe('?');
  });
});

/** A hue as jsdom writes it in a style: rgb(r, g, b). */
function hex(color: string): string {
  const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  return `rgb(${red}, ${green}, ${blue})`;
}

import { describe, expect, it } from 'vitest';
import { currentReturnPath, returnPathFromState } from './return-path.ts';

describe('return path after sign-in', () => {
  it('remembers path, query and fragment', () => {
    expect(
      currentReturnPath({
        pathname: '/profile/email-verification/abc',
        search: '?x=1',
        hash: '#a',
      }),
    ).toBe('/profile/email-verification/abc?x=1#a');
  });

  it('goes back to a remembered path of this site', () => {
    expect(returnPathFromState({ returnTo: '/lanners' })).toBe('/lanners');
  });

  it.each([
    undefined,
    null,
    'lanners',
    { returnTo: 'https://evil.example/' },
    { returnTo: '//evil.example/' },
    { returnTo: 42 },
  ])('goes to the root for %j', (state) => {
    expect(returnPathFromState(state)).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { isAccountErasedPath, isAppPath, isScreenPath } from './app-paths.ts';

describe('isAppPath', () => {
  it.each([
    '/',
    '',
    '/lans/upcoming',
    '/lans/42',
    '/LANS/Upcoming/',
    '/profile',
    '/profile/email-verification/abc123',
    '/stats/leader-board/2026/13',
    '/stats/rewinds/2024',
    '/admin/lans/99999',
    '/admin/lans/7/check-in',
    '/admin/users/3',
    '/clans',
    '/clans/4',
    '/clans/4/join/Zm9vYmFyYmF6cXV4LTEyMzQ1Ng',
    '/screen/q3Z0XbF9mK2rTnW8cYpL4dVhJ6s',
    '/account-erased',
  ])('knows %s', (pathname) => {
    expect(isAppPath(pathname)).toBe(true);
  });

  it.each([
    '/this-page-does-not-exist',
    '/lans',
    '/lans/42/extra',
    '/stats/leader-board/2026',
    '/admin/lans/7/check-in/now',
    '/admin/settings',
    '/profiles',
    '/clans/4/join',
    '//lans/upcoming',
  ])('does not know %s', (pathname) => {
    expect(isAppPath(pathname)).toBe(false);
  });
});

describe('isScreenPath', () => {
  it('knows a lan screen’s address, and nothing else', () => {
    expect(isScreenPath('/screen/q3Z0XbF9mK2rTnW8cYpL4dVhJ6s')).toBe(true);
    expect(isScreenPath('/screen/q3Z0XbF9mK2rTnW8cYpL4dVhJ6s/')).toBe(true);
    for (const other of ['/screen', '/screen/a/b', '/lans/42', '/'])
      expect(isScreenPath(other), other).toBe(false);
  });
});

describe('isAccountErasedPath', () => {
  it('knows the erased account’s page, and nothing else', () => {
    for (const path of ['/account-erased', '/Account-Erased/'])
      expect(isAccountErasedPath(path), path).toBe(true);
    for (const other of ['/account-erased/42', '/profile', '/', '/account'])
      expect(isAccountErasedPath(other), other).toBe(false);
  });
});

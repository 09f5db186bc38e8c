import { isScreenPath } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { isScreenAddress } from './screen-address.ts';

describe('isScreenAddress', () => {
  it.each(['/screen/abc', '/screen/abc/', '/screen/q3Z0XbF9mK2rTnW8cYpL4dVhJ6sAbCdEfGhIjKlMnOp'])(
    'starts the screen at every screen’s address, %s',
    (pathname) => {
      expect(isScreenPath(pathname)).toBe(true);
      expect(isScreenAddress(pathname)).toBe(true);
    },
  );

  it.each(['/', '/lans/1', '/screens/abc', '/screen', '/admin/lans/1'])(
    'starts the site at %s',
    (pathname) => {
      expect(isScreenAddress(pathname)).toBe(false);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { roleSchema } from './schemas/users.ts';
import { grantableRoles, roleNames } from './user-rules.ts';

describe('roleNames', () => {
  it('are the options of the role schema', () => {
    expect(roleNames).toEqual(roleSchema.options);
  });
});

describe('grantableRoles', () => {
  it('lets a system administrator grant every role', () => {
    expect(grantableRoles(['SystemAdministrator'])).toEqual([...roleNames]);
  });

  it('lets a member administrator grant Lanner and Member only', () => {
    expect(grantableRoles(['MemberAdministrator', 'Lanner'])).toEqual(['Lanner', 'Member']);
  });

  it('lets nobody else grant anything', () => {
    expect(grantableRoles(['LanAdministrator', 'Lanner', 'Member'])).toEqual([]);
    expect(grantableRoles([])).toEqual([]);
  });
});

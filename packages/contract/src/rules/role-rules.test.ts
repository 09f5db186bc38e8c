import { describe, expect, it } from 'vitest';
import { roleSchema } from '../schemas/users.ts';
import {
  grantableRoles,
  hasAnyRole,
  hasEveryRole,
  requiredRoles,
  roleNames,
} from './role-rules.ts';

describe('roleNames', () => {
  it('are the options of the role schema', () => {
    expect(roleNames).toEqual(roleSchema.options);
  });
});

describe('hasAnyRole', () => {
  it('passes with any one of the wanted roles', () => {
    expect(hasAnyRole(['Member'], ['Lanner', 'Member'])).toBe(true);
    expect(hasAnyRole(['Lanner', 'Member'], ['LanAdministrator'])).toBe(false);
  });

  it('refuses someone without roles', () => {
    expect(hasAnyRole([], ['Lanner'])).toBe(false);
  });

  it('lets a system administrator pass every check', () => {
    for (const wanted of Object.values(requiredRoles)) {
      expect(hasAnyRole(['SystemAdministrator'], wanted)).toBe(true);
    }
  });
});

describe('hasEveryRole', () => {
  it('passes only with all of the wanted roles', () => {
    expect(hasEveryRole(['Lanner', 'Member'], ['Lanner', 'Member'])).toBe(true);
    expect(hasEveryRole(['Lanner'], ['Lanner', 'Member'])).toBe(false);
  });

  it('lets a system administrator pass every check', () => {
    expect(hasEveryRole(['SystemAdministrator'], ['Lanner', 'LanAdministrator'])).toBe(true);
  });
});

describe('requiredRoles', () => {
  it('opens the stats to lanners and members (spec §6)', () => {
    expect(requiredRoles.stats).toEqual(['Lanner', 'Member']);
  });

  it('opens the admin area to any of the three administrator roles (spec §6)', () => {
    for (const role of [
      'LanAdministrator',
      'MemberAdministrator',
      'SystemAdministrator',
    ] as const) {
      expect(hasAnyRole([role], requiredRoles.administration)).toBe(true);
    }
    expect(hasAnyRole(['Lanner', 'Member'], requiredRoles.administration)).toBe(false);
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

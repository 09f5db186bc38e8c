import { describe, expect, it } from 'vitest';
import { listIssues } from '../testing/index.ts';
import { identitySettingsSchema, lanDefaultsInputSchema, lanDefaultsSchema } from './settings.ts';

describe('lanDefaultsSchema', () => {
  it('accepts the two default prices', () => {
    expect(lanDefaultsSchema.parse({ lanPrice: 27.5, membersLanPrice: 20 })).toEqual({
      lanPrice: 27.5,
      membersLanPrice: 20,
    });
  });
});

describe('lanDefaultsInputSchema', () => {
  it('refuses a members price above the lan price', () => {
    expect(listIssues(lanDefaultsInputSchema, { lanPrice: 20, membersLanPrice: 25 })).toEqual([
      { path: 'membersLanPrice', message: 'Members lan price must less than 20' },
    ]);
  });

  it('refuses a price above 10000', () => {
    expect(listIssues(lanDefaultsInputSchema, { lanPrice: 10_001, membersLanPrice: 0 })).toEqual([
      { path: 'lanPrice', message: 'Lan price must less than 10000' },
    ]);
  });
});

describe('identitySettingsSchema', () => {
  const settings = {
    issuer: 'https://login.example.com/realms/lanparty',
    clientId: 'lanparty-web',
    audience: 'lanparty-api',
    scope: 'openid profile email',
  };

  it('accepts an OpenID Connect configuration', () => {
    expect(identitySettingsSchema.parse(settings)).toEqual(settings);
  });

  it('rejects an issuer that is not an http(s) URL', () => {
    expect(
      listIssues(identitySettingsSchema, { ...settings, issuer: 'javascript:alert(1)' }),
    ).toMatchObject([{ path: 'issuer' }]);
  });
});

import { buildLan, buildLanDraft } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  lanAsUpdate,
  toLanFormValues,
  toLanInputBody,
  toLanUpdateBody,
} from './lan-form-values.ts';

const location = { name: 'De Brug', address: 'Kerkstraat 12, Utrecht' };

describe('the location in the lan form', () => {
  it('starts empty for a new lan and for a lan without one', () => {
    const empty = { name: '', address: '' };
    expect(toLanFormValues(buildLanDraft()).location).toEqual(empty);
    expect(toLanFormValues(buildLan({ location: null })).location).toEqual(empty);
  });

  it('starts with the lan’s venue and address', () => {
    expect(toLanFormValues(buildLan({ location })).location).toEqual(location);
  });

  it('sends no location (null) when both fields are empty or blank', () => {
    const values = toLanFormValues(buildLan());
    expect(toLanInputBody(values).location).toBeNull();
    const blank = { ...values, location: { name: '  ', address: ' ' } };
    expect(toLanUpdateBody(1, blank).location).toBeNull();
  });

  it('sends what is typed once either field holds something, for the schema to judge', () => {
    const values = { ...toLanFormValues(buildLan()), location: { name: 'De Brug', address: '' } };
    expect(toLanInputBody(values).location).toEqual({ name: 'De Brug', address: '' });
  });

  it('keeps the location of a lan changed outside the form', () => {
    expect(lanAsUpdate(buildLan({ location })).location).toEqual(location);
    expect(lanAsUpdate(buildLan()).location).toBeNull();
  });
});

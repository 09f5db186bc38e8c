import { buildLan, buildLanDraft } from '@lanparty/contract/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromLocalInput } from '../../../lib/forms/local-date-time.ts';
import {
  lanAsUpdate,
  toLanFormValues,
  toLanInputBody,
  toLanUpdateBody,
} from './lan-form-values.ts';

const zone = 'Europe/Amsterdam';

const location = { name: 'De Brug', address: 'Kerkstraat 12, Utrecht' };

describe('the location in the lan form', () => {
  it('starts empty for a new lan and for a lan without one', () => {
    const empty = { name: '', address: '' };
    expect(toLanFormValues(buildLanDraft(), zone).location).toEqual(empty);
    expect(toLanFormValues(buildLan({ location: null }), zone).location).toEqual(empty);
  });

  it('starts with the lan’s venue and address', () => {
    expect(toLanFormValues(buildLan({ location }), zone).location).toEqual(location);
  });

  it('sends no location (null) when both fields are empty or blank', () => {
    const values = toLanFormValues(buildLan(), zone);
    expect(toLanInputBody(values, zone).location).toBeNull();
    const blank = { ...values, location: { name: '  ', address: ' ' } };
    expect(toLanUpdateBody(1, blank, zone).location).toBeNull();
  });

  it('sends what is typed once either field holds something, for the schema to judge', () => {
    const values = {
      ...toLanFormValues(buildLan(), zone),
      location: { name: 'De Brug', address: '' },
    };
    expect(toLanInputBody(values, zone).location).toEqual({ name: 'De Brug', address: '' });
  });

  it('keeps the location of a lan changed outside the form', () => {
    expect(lanAsUpdate(buildLan({ location })).location).toEqual(location);
    expect(lanAsUpdate(buildLan()).location).toBeNull();
  });
});

describe('the start and end on the community’s clocks, wherever the browser is', () => {
  // The browser (this process) in New York, the community in Amsterdam.
  const browserZone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('shows a lan’s start as the community’s clocks read it', () => {
    expect(new Date('2025-03-14T17:00:00Z').getHours()).toBe(13); // the browser is elsewhere
    const lan = buildLan({
      startDate: '2025-03-14T17:00:00.000Z',
      endDate: '2025-07-13T16:00:00.000Z',
    });
    const values = toLanFormValues(lan, zone);
    expect(values.startDate).toBe('2025-03-14T18:00');
    expect(values.endDate).toBe('2025-07-13T18:00'); // summer time
  });

  it('sends a typed 18:00 as 18:00 in the community’s zone, summer time included', () => {
    expect(fromLocalInput('2025-03-14T18:00', zone)).toBe('2025-03-14T18:00:00+01:00');
    expect(fromLocalInput('2025-07-13T18:00', zone)).toBe('2025-07-13T18:00:00+02:00');
    const values = {
      ...toLanFormValues(buildLan(), zone),
      startDate: '2025-10-24T18:00',
      endDate: '2025-10-26T18:00', // the day summer time ends
    };
    const body = toLanInputBody(values, zone);
    expect(body.startDate).toBe('2025-10-24T18:00:00+02:00');
    expect(body.endDate).toBe('2025-10-26T18:00:00+01:00');
    expect(toLanUpdateBody(1, values, 'America/New_York').startDate).toBe(
      '2025-10-24T18:00:00-04:00',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { buildLan, buildLanInput, buildSubscriber, listIssues } from '../testing/index.ts';
import { lanInputSchema, lanListQuerySchema, lanSchema, lanUpdateSchema } from './lans.ts';

describe('lanSchema', () => {
  it('accepts a lan with its subscribers', () => {
    const lan = buildLan({ subscribers: [buildSubscriber({ status: 'Accepted' })] });
    expect(lanSchema.parse(lan)).toEqual(lan);
  });

  it('ignores fields it does not know', () => {
    expect(lanSchema.parse({ ...buildLan(), banner: 'x.png' })).not.toHaveProperty('banner');
  });

  it('rejects a start date without a UTC offset', () => {
    expect(listIssues(lanSchema, buildLan({ startDate: '2025-03-14T18:00:00' }))).toMatchObject([
      { path: 'startDate' },
    ]);
  });

  it('holds a location, or null for none', () => {
    const location = { name: 'De Brug', address: 'Kerkstraat 12, Utrecht' };
    expect(lanSchema.parse(buildLan({ location })).location).toEqual(location);
    expect(lanSchema.parse(buildLan({ location: null })).location).toBeNull();
  });
});

// The same rules for a new lan and a changed one; only a missing location differs.
describe.each([
  ['lanInputSchema', lanInputSchema, {}],
  ['lanUpdateSchema', lanUpdateSchema, { id: 3 }],
] as const)('the location in %s', (_name, schema, extra) => {
  const withLocation = (location: unknown) => ({ ...buildLanInput(), ...extra, location });

  it('accepts a venue with its address, trimmed', () => {
    const parsed = schema.parse(withLocation({ name: ' De Brug ', address: ' Kerkstraat 12 ' }));
    expect(parsed.location).toEqual({ name: 'De Brug', address: 'Kerkstraat 12' });
  });

  it('takes null for no location', () => {
    expect(schema.parse(withLocation(null)).location).toBeNull();
  });

  it('accepts the longest name and address', () => {
    const location = { name: 'x'.repeat(100), address: 'y'.repeat(300) };
    expect(listIssues(schema, withLocation(location))).toEqual([]);
  });

  it.each([
    [{ name: '', address: 'Kerkstraat 12' }, 'location.name', 'Location name is required'],
    [{ name: '  ', address: 'Kerkstraat 12' }, 'location.name', 'Location name is required'],
    [{ address: 'Kerkstraat 12' }, 'location.name', 'Location name is required'],
    [{ name: 'De Brug', address: '' }, 'location.address', 'Location address is required'],
    [{ name: 'De Brug' }, 'location.address', 'Location address is required'],
    [
      { name: 'x'.repeat(101), address: 'Kerkstraat 12' },
      'location.name',
      'Location name cannot be more than 100 characters long',
    ],
    [
      { name: 'De Brug', address: 'y'.repeat(301) },
      'location.address',
      'Location address cannot be more than 300 characters long',
    ],
  ])('refuses %j on %s', (location, path, message) => {
    expect(listIssues(schema, withLocation(location))).toEqual([{ path, message }]);
  });

  it('refuses a location that is not an object, on location', () => {
    expect(listIssues(schema, withLocation('De Brug'))).toMatchObject([{ path: 'location' }]);
  });
});

describe('lanInputSchema', () => {
  it('accepts a valid lan', () => {
    expect(listIssues(lanInputSchema, buildLanInput())).toEqual([]);
  });

  it('defaults description to empty, isActive to false and the location to none', () => {
    const { description, isActive, ...rest } = buildLanInput();
    expect(lanInputSchema.parse(rest)).toMatchObject({
      description: '',
      isActive: false,
      location: null,
    });
  });

  it('trims the name', () => {
    expect(lanInputSchema.parse(buildLanInput({ name: '  Winter lan ' })).name).toBe('Winter lan');
  });

  it('requires a name', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ name: undefined }))).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
  });

  it('counts a blank name as missing', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ name: '   ' }))).toEqual([
      { path: 'name', message: 'Name is required' },
    ]);
  });

  it('refuses a name longer than 100 characters', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ name: 'x'.repeat(101) }))).toEqual([
      { path: 'name', message: 'Name cannot be more than 100 characters long' },
    ]);
  });

  it('refuses a description longer than 4000 characters', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ description: 'x'.repeat(4001) }))).toEqual([
      { path: 'description', message: 'Description cannot be more than 4000 characters long' },
    ]);
  });

  it('refuses an end date before the start date, on endDate', () => {
    const input = buildLanInput({
      startDate: '2025-03-16T16:00:00+01:00',
      endDate: '2025-03-14T18:00:00+01:00',
    });
    expect(listIssues(lanInputSchema, input)).toEqual([
      { path: 'endDate', message: 'End date must after Start date' },
    ]);
  });

  it('refuses an end date equal to the start date', () => {
    const input = buildLanInput({
      startDate: '2025-03-14T18:00:00Z',
      endDate: '2025-03-14T18:00:00Z',
    });
    expect(listIssues(lanInputSchema, input)).toMatchObject([{ path: 'endDate' }]);
  });

  it('compares dates as moments, whatever their offsets', () => {
    // 18:00 in Amsterdam is 17:00 UTC, so an end at 17:30 UTC is after the start.
    const input = buildLanInput({
      startDate: '2025-03-14T18:00:00+01:00',
      endDate: '2025-03-14T17:30:00Z',
    });
    expect(listIssues(lanInputSchema, input)).toEqual([]);
  });

  it('reports a wrong end date while other fields are still wrong', () => {
    const input = buildLanInput({
      name: '',
      startDate: '2025-03-16T16:00:00+01:00',
      endDate: '2025-03-14T18:00:00+01:00',
    });
    expect(listIssues(lanInputSchema, input)).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'endDate', message: 'End date must after Start date' },
    ]);
  });

  it('rejects dates without a UTC offset', () => {
    const issues = listIssues(lanInputSchema, buildLanInput({ startDate: '2025-03-14T18:00:00' }));
    expect(issues.map((issue) => issue.path)).toEqual(['startDate']);
  });

  it('requires both dates', () => {
    const input = buildLanInput({ startDate: undefined, endDate: '' });
    expect(listIssues(lanInputSchema, input)).toEqual([
      { path: 'startDate', message: 'Start date is required' },
      { path: 'endDate', message: 'End date is required' },
    ]);
  });

  it('refuses more than 1000 subscribers', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ maximumSubcribers: 1001 }))).toEqual([
      { path: 'maximumSubcribers', message: 'Maximum subcribers must less than 1000' },
    ]);
  });

  it('refuses a negative maximum of subscribers', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ maximumSubcribers: -1 }))).toEqual([
      { path: 'maximumSubcribers', message: 'Maximum subcribers must greater than 0' },
    ]);
  });

  it('refuses a fractional maximum of subscribers', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ maximumSubcribers: 2.5 }))).toMatchObject([
      { path: 'maximumSubcribers' },
    ]);
  });

  it('accepts the bounds themselves: 0 and 1000 subscribers, prices 0 and 10000', () => {
    for (const overrides of [
      { maximumSubcribers: 0, price: 0, membersPrice: 0 },
      { maximumSubcribers: 1000, price: 10_000, membersPrice: 10_000 },
    ]) {
      expect(listIssues(lanInputSchema, buildLanInput(overrides))).toEqual([]);
    }
  });

  it('refuses a price above 10000', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ price: 10_000.01 }))).toEqual([
      { path: 'price', message: 'Price must less than 10000' },
    ]);
  });

  it('refuses a negative price', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ price: -5, membersPrice: 0 }))).toEqual([
      { path: 'price', message: 'Price must greater than 0' },
    ]);
  });

  it('refuses a members price above 10000', () => {
    const input = buildLanInput({ price: 10_000, membersPrice: 20_000 });
    expect(listIssues(lanInputSchema, input)).toEqual([
      { path: 'membersPrice', message: 'Members price must less than 10000' },
    ]);
  });

  it('refuses a price with a fraction of a cent', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ price: 27.505 }))).toEqual([
      { path: 'price', message: 'Price must have at most 2 decimals' },
    ]);
  });

  it('refuses a members price above the price, naming the price', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ price: 20, membersPrice: 27.5 }))).toEqual([
      { path: 'membersPrice', message: 'Members price must less than 20' },
    ]);
  });

  it('allows a members price equal to the price', () => {
    expect(listIssues(lanInputSchema, buildLanInput({ price: 20, membersPrice: 20 }))).toEqual([]);
  });

  it('requires the prices and the maximum of subscribers', () => {
    const input = buildLanInput({
      maximumSubcribers: undefined,
      price: undefined,
      membersPrice: null,
    });
    expect(listIssues(lanInputSchema, input)).toEqual([
      { path: 'maximumSubcribers', message: 'Maximum subcribers is required' },
      { path: 'price', message: 'Price is required' },
      { path: 'membersPrice', message: 'Members price is required' },
    ]);
  });

  it('rejects a body that is not an object without running the rules across fields', () => {
    expect(listIssues(lanInputSchema, null)).toMatchObject([{ path: '' }]);
  });

  it('ignores fields it does not know, read-only ones included', () => {
    const parsed = lanInputSchema.parse({ ...buildLanInput(), id: 3, subscribers: [] });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('subscribers');
  });
});

describe('lanUpdateSchema', () => {
  const buildLanUpdate = (overrides: Record<string, unknown> = {}) => ({
    ...buildLanInput(),
    id: 3,
    locationInvoiceNumber: 'INV-2025-001',
    locationIsPayed: true,
    ...overrides,
  });

  it('accepts the lan input plus id and the location invoice', () => {
    expect(lanUpdateSchema.parse(buildLanUpdate())).toMatchObject({
      id: 3,
      locationInvoiceNumber: 'INV-2025-001',
      locationIsPayed: true,
    });
  });

  it('defaults the location invoice to none and unpaid', () => {
    const { locationInvoiceNumber, locationIsPayed, ...rest } = buildLanUpdate();
    expect(lanUpdateSchema.parse(rest)).toMatchObject({
      locationInvoiceNumber: null,
      locationIsPayed: false,
    });
  });

  it('leaves a missing location missing, so the lan keeps the one it has', () => {
    const parsed = lanUpdateSchema.parse(buildLanUpdate());
    expect(parsed).not.toHaveProperty('location');
  });

  it('requires the id', () => {
    expect(listIssues(lanUpdateSchema, buildLanUpdate({ id: undefined }))).toMatchObject([
      { path: 'id' },
    ]);
  });

  it('applies the rules of the lan input', () => {
    const update = buildLanUpdate({
      startDate: '2025-03-16T16:00:00+01:00',
      endDate: '2025-03-14T18:00:00+01:00',
      price: 20,
      membersPrice: 25,
    });
    expect(listIssues(lanUpdateSchema, update)).toEqual([
      { path: 'endDate', message: 'End date must after Start date' },
      { path: 'membersPrice', message: 'Members price must less than 20' },
    ]);
  });
});

describe('lanListQuerySchema', () => {
  it('defaults to active lans by start date, first page', () => {
    expect(lanListQuerySchema.parse({})).toEqual({
      offset: 0,
      limit: 20,
      sort: 'start-date',
      include: 'active',
      view: 'full',
    });
  });

  it('accepts a day or a moment as sinceDate and untilDate', () => {
    expect(
      lanListQuerySchema.parse({ sinceDate: '2025-01-01', untilDate: '2025-12-31T00:00:00Z' }),
    ).toMatchObject({ sinceDate: '2025-01-01', untilDate: '2025-12-31T00:00:00Z' });
  });

  it.each([
    ['sinceDate', 'tomorrow'],
    ['untilDate', '2025-13-01'],
    ['sort', 'name'],
    ['include', 'inactive'],
    ['limit', '101'],
    ['offset', '-1'],
  ])('rejects %s=%s', (field, value) => {
    expect(lanListQuerySchema.safeParse({ [field]: value }).success).toBe(false);
  });
});

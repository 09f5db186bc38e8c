import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contractResolver, loadedContractResolver } from './contract-resolver.ts';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  location: z
    .object({
      name: z.string().min(1, 'Location name is required'),
      address: z.string().min(1, 'Location address is required'),
    })
    .nullable(),
  statuses: z.array(z.enum(['Paid', 'Pending'])),
});

type Values = z.input<typeof schema>;

const resolve = (values: Values) =>
  contractResolver<Values, z.output<typeof schema>>(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: undefined,
  });

describe('contractResolver', () => {
  it('answers the parsed body when it is valid', async () => {
    const values: Values = { name: 'Winter', location: null, statuses: ['Paid'] };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it('puts each message on its field, a nested object’s fields included', async () => {
    const { errors } = await resolve({
      name: '',
      location: { name: 'De Brug', address: '' },
      statuses: [],
    });
    expect(errors).toEqual({
      name: { type: 'too_small', message: 'Name is required' },
      location: { address: { type: 'too_small', message: 'Location address is required' } },
    });
  });

  it('gives a list one message, on the list', async () => {
    const { errors } = await resolve({
      name: 'Winter',
      location: null,
      statuses: ['Paid', 'Later' as 'Paid', 'Never' as 'Paid'],
    });
    expect(Object.keys(errors)).toEqual(['statuses']);
    expect(errors.statuses).toMatchObject({ type: 'invalid_value' });
  });
});

describe('loadedContractResolver', () => {
  it('loads the schema once, on the first check, and then checks as contractResolver does', async () => {
    const load = vi.fn(async () => schema);
    const resolver = loadedContractResolver<Values, z.output<typeof schema>>(load);
    expect(load).not.toHaveBeenCalled();
    const options = { fields: {}, shouldUseNativeValidation: undefined };
    const [bad, good] = await Promise.all([
      resolver({ name: '', location: null, statuses: [] }, undefined, options),
      resolver({ name: 'Winter', location: null, statuses: [] }, undefined, options),
    ]);
    expect(bad.errors).toEqual({ name: { type: 'too_small', message: 'Name is required' } });
    expect(good).toEqual({ values: { name: 'Winter', location: null, statuses: [] }, errors: {} });
    await resolver({ name: 'Summer', location: null, statuses: [] }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

import fc from 'fast-check';
import {
  anyPatternDateTime,
  hostileDates,
  hostileDateTimes,
  hostileUrlText,
} from './hostile-values.ts';
import { formatsOf, type Operation, type Parameter } from './operations.ts';
import { poolsForName, poolValue, validValue } from './schema-values.ts';
import {
  AssetName,
  CurrentInteraction,
  Encoded,
  LenientId,
  lenientForms,
  type PoolName,
  PoolRef,
} from './symbols.ts';

/**
 * The URL of a generated request: path parameters and query parameters, valid (real ids,
 * values the schema accepts) or broken one at a time.
 */

/** One query parameter as written: `name=value`, `name` alone, or `name[]=value`. */
export type QueryPart = { name: string; value?: unknown; style?: 'bare' | 'brackets' };

/** What a case broke: where, how, and with what value. */
export type Focus = { location: string; change: string; value?: unknown };

/** Mostly names an upload may go to: the caller's own avatar, a lan's banner. */
function assetName(): fc.Arbitrary<AssetName> {
  return fc
    .tuple(
      fc.constantFrom('lan', 'user'),
      fc.constantFrom<PoolName>('self', 'self', 'user'),
      fc.nat({ max: 40 }),
      fc.constantFrom('.png', '.jpg', '.png', '.jpg', '', '.dat', '.gif'),
    )
    .map(
      ([kind, userPool, index, extension]) =>
        new AssetName(kind, new PoolRef(kind === 'lan' ? 'lan' : userPool, index), extension),
    );
}

/** A path value the route accepts: a real row's id, a real address or code, an asset name. */
export function validPathValue(parameter: Parameter, operation: Operation): fc.Arbitrary<unknown> {
  if (parameter.name === 'asset') return assetName();
  if (operation.site === 'sign-in' && parameter.name === 'uid') {
    return fc.constant(new CurrentInteraction());
  }
  return validValue(parameter.schema, {
    name: parameter.name,
    path: operation.path,
    location: 'path',
  });
}

/** A path value wrong in one way: hostile text, a lenient or absurd id, another kind's id. */
export function hostilePathValue(
  parameter: Parameter,
  operation: Operation,
): fc.Arbitrary<unknown> {
  const pools = poolsForName(parameter.name, operation.path, 'path');
  const choices: Array<fc.Arbitrary<unknown>> = [
    hostileUrlText,
    fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, 99_999).map(String),
    poolValue(['lan', 'user', 'subscriber', 'game', 'self']),
  ];
  const numericPools = pools.filter((pool) => pool !== 'code' && pool !== 'email');
  if (numericPools.length > 0) {
    const lenientId = fc
      .tuple(poolValue(numericPools), fc.constantFrom(...lenientForms))
      .map(([ref, form]) => new LenientId(ref, form));
    choices.push(lenientId, lenientId);
  }
  if (parameter.name === 'asset') {
    choices.push(
      fc
        .tuple(
          fc.constantFrom('users', 'LAN', 'game', '', 'lan-', 'user'),
          fc.constantFrom(0, -1, 99_999, 2 ** 31, 12_345_678_901),
          fc.constantFrom('.png', '.PNG', '.png.png', '.', '.jpg%00.png'),
        )
        .map(([kind, id, extension]) => new Encoded(`${kind}-${id}${extension}`)),
    );
  }
  if (parameter.schema.enum) {
    choices.push(
      fc
        .constantFrom(
          'status:PAID',
          'status:',
          'present:maybe',
          ':',
          'status%3Apaid',
          'status:paid%00',
        )
        .map((text) => new Encoded(text)),
    );
  }
  return fc.oneof(...choices);
}

/** Valid query parameters, each present or not; lists written as repeated parameters. */
export function validQuery(operation: Operation): fc.Arbitrary<QueryPart[]> {
  const parameters = operation.parameters.filter((parameter) => parameter.location === 'query');
  return fc
    .tuple(
      ...parameters.map((parameter) =>
        fc.option(
          validValue(parameter.schema, {
            name: parameter.name,
            path: operation.path,
            location: 'query',
          }),
          {
            nil: undefined,
            freq: 2,
          },
        ),
      ),
    )
    .map((values) =>
      values.flatMap((value, index) => {
        const name = (parameters[index] as Parameter).name;
        if (value === undefined) return [];
        return Array.isArray(value)
          ? value.map((item) => ({ name, value: item }))
          : [{ name, value }];
      }),
    );
}

/** One query parameter broken; the others stay valid. */
export function hostileQueryPart(
  parameter: Parameter,
): fc.Arbitrary<{ parts: QueryPart[] } & Focus> {
  const { name } = parameter;
  const location = `query.${name}`;
  const formats = formatsOf(parameter.schema);
  const one = (change: string) => (value: unknown) => ({
    parts: [{ name, value }],
    location,
    change,
    value,
  });
  const choices: Array<fc.Arbitrary<{ parts: QueryPart[] } & Focus>> = [
    hostileUrlText.map(one('hostile text')),
    fc.tuple(hostileUrlText, hostileUrlText).map(([a, b]) => ({
      parts: [
        { name, value: a },
        { name, value: b },
      ],
      location,
      change: 'repeated',
      value: [a, b],
    })),
    fc.constantFrom<QueryPart['style']>('bare', 'brackets').map((style) => ({
      parts: [{ name, value: '1', style }],
      location,
      change: `written ${style}`,
    })),
    fc.constant({ parts: [{ name, value: '' }], location, change: 'empty' }),
    fc.constant({
      parts: Array.from({ length: 1000 }, (_, index) => ({ name, value: String(index + 1) })),
      location,
      change: 'repeated 1000 times',
    }),
  ];
  const weighted = choices.map((arbitrary) => ({ weight: 1, arbitrary }));
  if (formats.includes('date-time') || formats.includes('date')) {
    // Dates are where engines differ most (years 0 and 9999, offsets): try them most.
    weighted.push(
      {
        weight: 4,
        arbitrary: fc.constantFrom(...hostileDateTimes, ...hostileDates).map(one('hostile date')),
      },
      { weight: 3, arbitrary: anyPatternDateTime.map(one('date of any year')) },
    );
  }
  return fc.oneof(...weighted);
}

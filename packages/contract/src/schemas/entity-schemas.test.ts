import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.ts';
import { entitySchemas } from './entity-schemas.ts';

describe('entitySchemas', () => {
  it.each(Object.entries(entitySchemas))('files %s under its own OpenAPI id', (id, schema) => {
    expect(z.globalRegistry.get(schema)?.id).toBe(id);
  });

  it.each(Object.entries(entitySchemas))('describes %s for the OpenAPI document', (_id, schema) => {
    expect(z.globalRegistry.get(schema)?.description).toBeTruthy();
  });

  it.each(Object.entries(entitySchemas))(
    'turns %s into JSON Schema, as a request and as a response',
    (_id, schema) => {
      expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
      expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
    },
  );

  it('holds every exported schema that has an OpenAPI id', () => {
    const idsOfExports = (Object.values(contract) as unknown[])
      .filter((value): value is z.ZodType => value instanceof z.ZodType)
      .map((schema) => z.globalRegistry.get(schema)?.id)
      .filter((id) => id !== undefined);
    expect(idsOfExports.sort()).toEqual(Object.keys(entitySchemas).sort());
  });
});

describe('OpenAPI component names', () => {
  it('never end in Input, which the OpenAPI generator appends to input variants', () => {
    expect(Object.keys(entitySchemas).filter((id) => id.endsWith('Input'))).toEqual([]);
  });
});

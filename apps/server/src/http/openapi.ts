import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { entitySchemas } from '@lanparty/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas, which come from
 * @lanparty/contract, so the documentation cannot drift from what the API accepts.
 * Every entity of the contract is published as a named component.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  // Importing the contract registers its schemas (with ids) in zod's global registry.
  void entitySchemas;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lanparty API',
        version,
        description:
          'The API of Lanparty, the web site of a gaming community that holds lan parties. ' +
          'JSON in and out; errors are RFC 9457 problem details; paged lists take offset and limit.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation pages run under the site's CSP, widened only for them: the hashes
  // of the UI's own inline scripts, and inline styles, which its renderer sets.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformStaticCSP: (header) =>
      header
        .replace("script-src 'self'", `script-src 'self' ${app.swaggerCSP.script.join(' ')}`)
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
}

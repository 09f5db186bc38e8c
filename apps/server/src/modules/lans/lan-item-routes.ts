import { idParamSchema, problemDetailsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type JsonBytes, sendJson } from '../../http/kept-answers.ts';
import type { Viewer } from '../auth/viewer.ts';

/** What a route of a lan's list says of itself in the API's description. */
type Described = { summary: string; description: string };

/**
 * The routes of a list a lan holds (its schedule, its announcements): `GET` and `POST` on
 * `/api/lans/{id}/{path}`, `PUT` (when items change) and `DELETE` on its items. The
 * service does the rest (lan-items.ts); each route hands it the viewer as it is.
 */
export type LanItemRoutes<Input> = {
  /** The list's path under the lan (`schedule`), its tag, and its item's parameter (`itemId`). */
  path: string;
  tag: string;
  itemParam: string;
  /** The item as answered (the service's functions answer it typed). */
  itemSchema: z.ZodType;
  inputSchema: z.ZodType<Input>;
  read: Pick<Described, 'summary'> & {
    read: (
      viewer: () => Promise<Viewer | null>,
      lanId: number,
      scope: object,
    ) => Promise<JsonBytes>;
  };
  add: Described & {
    add: (viewer: Viewer | null, lanId: number, input: Input) => Promise<unknown>;
  };
  change?: Described & {
    change: (viewer: Viewer | null, lanId: number, id: number, input: Input) => Promise<unknown>;
  };
  remove: Described & {
    remove: (viewer: Viewer | null, lanId: number, id: number) => Promise<void>;
  };
};

const writes = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};

export function lanItemRoutes<Input>(routes: LanItemRoutes<Input>): FastifyPluginAsyncZod {
  const lanParams = z.object({ id: idParamSchema });
  const itemParams = z.object({ id: idParamSchema, [routes.itemParam]: idParamSchema });
  const listPath = `/api/lans/:id/${routes.path}`;
  const itemPath = `${listPath}/:${routes.itemParam}`;
  /** The lan's id and the item's, from an item's path. */
  const idsOf = (params: Record<string, number>) =>
    [params.id, params[routes.itemParam]] as [lanId: number, itemId: number];
  const { tag } = routes;
  return async (app) => {
    app.get(
      listPath,
      {
        schema: {
          tags: [tag],
          summary: routes.read.summary,
          description:
            'Anyone who may see the lan (an inactive lan: lan administrators only, 404 otherwise).',
          params: lanParams,
          response: {
            200: z.array(routes.itemSchema),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) =>
        sendJson(reply, await routes.read.read(() => request.viewer(), request.params.id, request)),
    );

    app.post(
      listPath,
      {
        schema: {
          tags: [tag],
          summary: routes.add.summary,
          description: routes.add.description,
          params: lanParams,
          body: routes.inputSchema,
          response: { 201: routes.itemSchema, 409: problemDetailsSchema, ...writes },
        },
      },
      async (request, reply) => {
        const item = await routes.add.add(
          await request.viewer(),
          request.params.id,
          request.body as Input,
        );
        return reply.code(201).send(item);
      },
    );

    const { change } = routes;
    if (change)
      app.put(
        itemPath,
        {
          schema: {
            tags: [tag],
            summary: change.summary,
            description: change.description,
            params: itemParams,
            body: routes.inputSchema,
            response: { 200: routes.itemSchema, ...writes },
          },
        },
        async (request) =>
          change.change(await request.viewer(), ...idsOf(request.params), request.body as Input),
      );

    app.delete(
      itemPath,
      {
        schema: {
          tags: [tag],
          summary: routes.remove.summary,
          description: routes.remove.description,
          params: itemParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        await routes.remove.remove(await request.viewer(), ...idsOf(request.params));
        return reply.code(204).send();
      },
    );
  };
}

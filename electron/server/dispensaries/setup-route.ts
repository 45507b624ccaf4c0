import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import type { RequestGuard } from '../core/principal.js';
import { staffActor, type SetupActor } from './setup-actor.js';

/** Every set-up route is under its store: `/v2.0/dispensary/<short>/setup/…`. */
export const SETUP_PATH = '/v2.0/dispensary/:dispensaryShortName/setup';

/** What one set-up route is: its method, path (after SETUP_PATH), schemas and the permission it needs. */
export interface SetupRouteSpec<R extends TSchema = TSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  description?: string;
  /** `store:manage` unless said otherwise (`users:manage` for staff). */
  permission?: 'store:manage' | 'users:manage' | 'inventory:adjust';
  /** Path parameters besides the dispensary's short name. */
  params?: Record<string, TSchema>;
  body?: TSchema;
  /** Query string parameters (filters and paging of a listing). */
  querystring?: TSchema;
  /** The 200 answer's schema: the handler's answer is typed by it. */
  response: R;
  /** The largest body, when more than the service's usual limit (catalog files). */
  bodyLimit?: number;
}

/** What a handler gets: who asks (a signed-in staff user), the path parameters and the body. */
export interface SetupRequest<B> {
  actor: SetupActor;
  params: Record<string, string> & { dispensaryShortName: string };
  body: B;
  query: Record<string, string | number | undefined>;
}

/**
 * Registers set-up routes on `app`: staff bearer tokens only (partners never set a store up), the
 * permission checked before the handler, the store's scope checked by the service itself.
 */
export function setupRoutes(app: FastifyInstance, auth: RequestGuard) {
  // R is read from `spec.response` alone (`NoInfer` on the handler's answer): inferring it from the
  // handler too made TypeScript weigh TypeBox's `Static` for every set-up route, 18 of the
  // typecheck's 42 seconds (`tsc --extendedDiagnostics`: 3.1 → 1.8 million instantiations). A
  // handler answering another shape is still refused, naming the field.
  return <B = undefined, R extends TSchema = TSchema>(
    spec: SetupRouteSpec<R>,
    handler: (request: SetupRequest<B>) => Promise<NoInfer<Static<R>>>,
  ) => {
    const writes = spec.method !== 'GET';
    const statuses = writes ? [400, 401, 403, 404, 409, 413, 415, 429] : [400, 401, 403, 404, 429];
    // The answer was typed by `spec.response` above; Fastify serializes it by the same schema.
    const answer = (request: FastifyRequest): Promise<unknown> =>
      handler({
        actor: staffActor(request.principal!),
        params: request.params as SetupRequest<B>['params'],
        body: request.body as B,
        query: (request.query ?? {}) as SetupRequest<B>['query'],
      });
    const options: RouteOptions = {
      method: spec.method,
      url: `${SETUP_PATH}${spec.path}`,
      onRequest: auth.guard({ permission: spec.permission ?? 'store:manage', staffOnly: true }),
      ...(spec.body ? { config: { consumes: ['application/json'] } } : {}),
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      schema: {
        tags: ['setup'],
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        security: [{ bearer: [] }],
        params: Type.Object({ dispensaryShortName: Type.String({ maxLength: 100 }), ...spec.params }),
        ...(spec.body ? { body: spec.body } : {}),
        ...(spec.querystring ? { querystring: spec.querystring } : {}),
        response: { 200: spec.response, ...failures(...statuses) },
      },
      handler: answer,
    };
    app.route(options);
  };
}

/** `resultCode: SUCCESS` and the answer's fields. */
export function success<T extends object>(fields: T): { resultCode: 'SUCCESS'; resultReason: null } & T {
  return { resultCode: 'SUCCESS', resultReason: null, ...fields };
}

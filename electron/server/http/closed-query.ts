import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * True for a route that reads no query and ignores any (health checks, the API description):
     * probes and tools add their own parameters there. Every other route of the API refuses one it
     * does not take.
     */
    anyQuery?: boolean;
  }
}

/** The query of a route that takes no parameters: any is refused, naming it. */
const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false } as const;

/** The route's query schema, closed: a parameter it does not name is refused, not ignored. */
function closed(schema: unknown): unknown {
  if (schema === undefined) return NO_PARAMETERS;
  const object = schema as { type?: unknown; additionalProperties?: unknown };
  if (object.type !== 'object' || object.additionalProperties !== undefined) return schema;
  // A copy: one schema object may serve several routes (a report's, a store's and a chain's).
  return { ...object, additionalProperties: false };
}

/** What a route of the API declares; the pages' and files' routes declare only that they are hidden. */
const API_PARTS = ['querystring', 'body', 'params', 'headers', 'response'] as const;

/**
 * Every route of the API refuses a query parameter it does not take, in words naming it and those it
 * takes (validation-errors.ts), as a body's unknown field is refused: a typo such as `?stauts=OPEN`
 * would otherwise answer the whole list, which reads as the filtered one. The routes of the pages and
 * files keep any query: their addresses carry the screen's own (`?terminal=`, `?dispensary=`), read
 * by the page. Registered before any route (and before the API description reads them).
 */
export function registerClosedQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema;
    if (!schema || route.config?.anyQuery || !API_PARTS.some((part) => schema[part] !== undefined)) return;
    route.schema = { ...schema, querystring: closed(schema.querystring) };
  });
}

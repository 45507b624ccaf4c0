import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const Health = Type.Object({ status: Type.Literal('ok'), service: Type.String() });
const HEALTH = { status: 'ok', service: 'servicepay' } as const;

/** `GET /health`: a static answer for load balancers and the benchmark's ceiling. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(
    '/health',
    {
      schema: { summary: 'Liveness check', tags: ['service'], response: { 200: Health } },
      config: { rateLimited: false },
    },
    async () => HEALTH,
  );
}

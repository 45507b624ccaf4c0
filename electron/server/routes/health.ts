import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ReplicaReportSource } from '../reports/replica-source.js';

const ReadReplica = Type.Object({
  /** What the last report's check found: reports read it (`replica`), or not and why. */
  state: Type.Union(
    ['unchecked', 'replica', 'down', 'behind', 'promoted', 'conflict', 'foreign'].map((kind) => Type.Literal(kind)),
  ),
  /** How far behind it was, in seconds (null when unknown or not a standby). */
  lagSeconds: Type.Union([
    Type.Number({ minimum: 0, maximum: 1e9, description: 'Seconds behind the main database at the last check' }),
    Type.Null(),
  ]),
  checkedAt: Type.Union([Type.String(), Type.Null()]),
});
const Health = Type.Object({
  status: Type.Literal('ok'),
  service: Type.String(),
  /** With `--read-database`: the read replica as the last report found it (no query of its own). */
  readReplica: Type.Optional(ReadReplica),
});
const HEALTH = { status: 'ok', service: 'servicepay' } as const;

/** The read replica's part of /health, from its last check. */
function replicaHealth(source: ReplicaReportSource) {
  const last = source.lastCheck;
  if (!last) return { state: 'unchecked', lagSeconds: null, checkedAt: null };
  const { state, at } = last;
  const lagSeconds = state.kind === 'replica' || state.kind === 'behind' ? state.lagSeconds : null;
  return { state: state.kind, lagSeconds, checkedAt: at };
}

/**
 * `GET /health`: a static answer for load balancers and the benchmark's ceiling; with a read
 * replica, also its state as the last report found it, for operators.
 */
export function registerHealthRoutes(app: FastifyInstance, replica?: ReplicaReportSource): void {
  app.get(
    '/health',
    {
      schema: { summary: 'Liveness check', tags: ['service'], response: { 200: Health } },
      // Probes are others' programs: one that adds its own query (a cache-buster) is still answered.
      config: { rateLimited: false, anyQuery: true },
      // Load balancers and uptime checks may ask with HEAD (the API's own routes answer only GET).
      exposeHeadRoute: true,
    },
    async () => (replica ? { ...HEALTH, readReplica: replicaHealth(replica) } : HEALTH),
  );
}

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../../shared/contracts/common.js';
import {
  CHANNELS,
  PaymentConfigSchema,
  type Channel,
  type PaymentConfig,
} from '../../../../shared/contracts/payment.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { AuthService } from '../../auth/auth-service.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import { permittedMethods } from '../config/permitted-methods.js';
import type { PaymentStore } from '../store/payment-store.js';
import { BEARER, TAGS } from './route-helpers.js';

const ConfigQuery = Type.Object({
  entityId: Type.String({ format: 'uuid' }),
  channel: Type.Enum(CHANNELS),
  locationId: Type.Optional(Type.String({ format: 'uuid' })),
  processorName: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});

/** `GET /v2.0/payments/config`: the methods the widget may offer (spec 4.3 rules 1–3 and the channel). */
export function registerConfigRoutes(
  app: FastifyInstance,
  auth: AuthService,
  db: Queryable,
  store: PaymentStore,
  config: PaymentConfigService,
): void {
  app.get<{ Querystring: { entityId: string; channel: Channel; locationId?: string; processorName?: string } }>(
    '/v2.0/payments/config',
    {
      onRequest: auth.guard({ permission: 'config:read' }),
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Payment methods the widget may offer',
        description:
          'Rule 1: every enabled method; 2: with locationId, that location only; 3: with processorName too, that processor only. ' +
          'Only the methods the token may take: ACH needs invoice:create, cards, cashless ATM and cash payment:create.',
        querystring: ConfigQuery,
        response: { 200: PaymentConfigSchema, ...failures(400, 401, 403) },
      },
    },
    async (request): Promise<PaymentConfig> => {
      const { entityId, channel, locationId, processorName } = request.query;
      const principal = request.principal!;
      if (entityId !== principal.organizationId) {
        throw new ServicePayError('FORBIDDEN', 'entityId is not the entity (organization) of your token');
      }
      if (locationId) await store.locations.require(db, locationId, 'locationId', entityId, principal.dispensaryId);
      if (processorName) await store.processors.require(db, entityId, processorName);
      return {
        resultCode: 'SUCCESS',
        resultReason: null,
        entityId,
        entityName: (await store.organizations.find(db, entityId))?.name ?? '',
        channel,
        methods: permittedMethods(
          await config.available(db, { organizationId: entityId, channel, locationId, processorName }),
          principal,
        ),
      };
    },
  );
}

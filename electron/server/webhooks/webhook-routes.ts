import { Type } from 'typebox';
import {
  DELIVERY_STATUSES,
  NewWebhookEndpointSchema,
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookSecretResponse,
  type DeliveryStatus,
  type NewWebhookEndpointInput,
} from '../../../shared/contracts/webhooks.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { WebhookSetup } from './webhook-setup.js';

const EndpointId = { endpointId: Type.String({ maxLength: 100 }) };

const DeliveryQuery = Type.Object(
  {
    endpointId: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Enum(DELIVERY_STATUSES)),
    before: Type.Optional(
      Type.String({ maxLength: 200, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);

/**
 * Webhook endpoints of a store (and of its organization, for organization-wide managers) and their
 * delivery log, under `/v2.0/dispensary/<short>/setup/webhooks` (`store:manage`).
 */
export function registerWebhookRoutes(route: ReturnType<typeof setupRoutes>, webhooks: WebhookSetup): void {
  route(
    {
      method: 'GET',
      path: '/webhooks',
      summary: "The store's webhook endpoints (and the organization's, for organization-wide managers)",
      response: WebhookEndpointsResponse,
    },
    async ({ actor, params }) =>
      success({ endpoints: await webhooks.list(actor, { shortName: params.dispensaryShortName }) }),
  );
  route<NewWebhookEndpointInput>(
    {
      method: 'POST',
      path: '/webhooks',
      summary: 'Add a webhook endpoint; its signing secret is in the answer, this once',
      description:
        'Deliveries are POSTed as JSON, signed in the ServicePay-Signature header (t=<unix seconds>,' +
        'v1=<hex HMAC-SHA256 of "<t>.<raw body>">). The URL must be https:// and public, unless allowLocal.',
      body: NewWebhookEndpointSchema,
      response: WebhookSecretResponse,
    },
    async ({ actor, params, body }) => {
      const { allStores, ...input } = body;
      return success(await webhooks.add(actor, { shortName: params.dispensaryShortName, allStores }, input));
    },
  );
  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    route(
      {
        method: 'POST',
        path: `/webhooks/:endpointId/${action}`,
        summary: disabled
          ? 'Disable a webhook endpoint (nothing more is sent to it)'
          : 'Enable a webhook endpoint again (deliveries still pending resume)',
        params: EndpointId,
        response: WebhookEndpointResponse,
      },
      async ({ actor, params }) =>
        success({
          endpoint: await webhooks.setDisabled(actor, params.endpointId!, disabled, params.dispensaryShortName),
        }),
    );
  }
  route(
    {
      method: 'POST',
      path: '/webhooks/:endpointId/rotate-secret',
      summary: 'Give a webhook endpoint a new signing secret (the old one stops at once)',
      params: EndpointId,
      response: WebhookSecretResponse,
    },
    async ({ actor, params }) =>
      success(await webhooks.rotateSecret(actor, params.endpointId!, params.dispensaryShortName)),
  );
  route(
    {
      method: 'GET',
      path: '/webhooks/deliveries',
      summary: 'The webhook delivery log, newest first',
      querystring: DeliveryQuery,
      response: WebhookDeliveriesResponse,
    },
    async ({ actor, params, query }) =>
      success(
        await webhooks.deliveries(actor, {
          shortName: params.dispensaryShortName,
          endpointId: query.endpointId as string | undefined,
          status: query.status as DeliveryStatus | undefined,
          before: query.before as string | undefined,
          limit: query.limit as number | undefined,
        }),
      ),
  );
  route(
    {
      method: 'POST',
      path: '/webhooks/deliveries/:deliveryId/redeliver',
      summary: 'Send a webhook delivery again now; the answer has that try’s result',
      params: { deliveryId: Type.String({ maxLength: 100 }) },
      response: WebhookDeliveryResponse,
    },
    async ({ actor, params }) =>
      success({ delivery: await webhooks.redeliver(actor, params.deliveryId!, params.dispensaryShortName) }),
  );
}

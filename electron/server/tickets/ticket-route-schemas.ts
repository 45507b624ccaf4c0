import { Type } from 'typebox';

/** Schemas shared by the ticket routes. */
export const PREFIX = '/v2.0/dispensary/:dispensaryShortName/ecommerce';
export const Params = Type.Object({ dispensaryShortName: Type.String() });
export const OrderParams = Type.Object({
  dispensaryShortName: Type.String(),
  orderId: Type.String({ format: 'uuid' }),
});
export const AuthHeaders = Type.Object({
  client_id: Type.String({ description: 'API client id issued by `servicepay clients add`.' }),
  client_secret: Type.String({ description: 'API client secret, shown once when the client was issued.' }),
  authorization: Type.String({ description: 'Bearer <token> from /auth-v2/login, or a partner JWT.' }),
});
export const CreateHeaders = Type.Object({
  ...AuthHeaders.properties,
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'Retries with the same key and body create nothing.' }),
  ),
});
export const security = [{ bearer: [], clientId: [], clientSecret: [] }];
export const common = { tags: ['tickets'], security };

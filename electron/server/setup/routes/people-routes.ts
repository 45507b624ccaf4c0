import { Type } from 'typebox';
import {
  ApiClientResponse,
  ApiClientsResponse,
  IssuedClientResponse,
  NewApiClientSchema,
  NewPasswordSchema,
  NewPinSchema,
  NewStaffSchema,
  StaffListResponse,
  StaffResponse,
  type NewApiClientInput,
  type NewStaffInput,
} from '../../../../shared/contracts/setup-people.js';
import type { StoreSetup } from '../store-setup.js';
import { success, type setupRoutes } from '../../dispensaries/setup-route.js';

const Username = { username: Type.String({ maxLength: 64 }) };

/** Staff logins (`users:manage`) and API clients (`store:manage`) of a store. */
export function registerPeopleRoutes(route: ReturnType<typeof setupRoutes>, setup: StoreSetup): void {
  route(
    {
      method: 'GET',
      path: '/staff',
      summary: "The store's staff logins (and the organization's, for organization-wide managers)",
      permission: 'users:manage',
      response: StaffListResponse,
    },
    async ({ actor, params }) =>
      success({ staff: await setup.staff.list(actor, { shortName: params.dispensaryShortName }) }),
  );
  route<NewStaffInput>(
    {
      method: 'POST',
      path: '/staff',
      summary: 'Add a staff login to the store (or, with allStores, to every store of the organization)',
      permission: 'users:manage',
      body: NewStaffSchema,
      response: StaffResponse,
    },
    async ({ actor, params, body }) => {
      const where = { shortName: params.dispensaryShortName, allStores: body.allStores };
      return success({ staff: await setup.staff.add(actor, where, body) });
    },
  );
  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    route(
      {
        method: 'POST',
        path: `/staff/:username/${action}`,
        summary: disabled ? 'Disable a staff login (its tokens stop working at once)' : 'Enable a staff login again',
        permission: 'users:manage',
        params: Username,
        response: StaffResponse,
      },
      async ({ actor, params }) =>
        success({
          staff: await setup.staff.setDisabled(actor, params.username!, disabled, params.dispensaryShortName),
        }),
    );
  }
  route<{ password: string }>(
    {
      method: 'POST',
      path: '/staff/:username/password',
      summary: 'Set a new password for a staff login (and end a lockout)',
      permission: 'users:manage',
      params: Username,
      body: NewPasswordSchema,
      response: StaffResponse,
    },
    async ({ actor, params, body }) =>
      success({
        staff: await setup.staff.setPassword(actor, params.username!, body.password, params.dispensaryShortName),
      }),
  );
  route<{ pin: string | null }>(
    {
      method: 'POST',
      path: '/staff/:username/pin',
      summary: "Set (or with null, remove) a manager's or admin's PIN approving guarded cash movements",
      permission: 'users:manage',
      params: Username,
      body: NewPinSchema,
      response: StaffResponse,
    },
    async ({ actor, params, body }) =>
      success({ staff: await setup.staff.setPin(actor, params.username!, body.pin, params.dispensaryShortName) }),
  );

  route(
    {
      method: 'GET',
      path: '/api-clients',
      summary: "The store's API clients (and the organization's, for organization-wide managers); never their secrets",
      response: ApiClientsResponse,
    },
    async ({ actor, params }) =>
      success({ clients: await setup.clients.list(actor, { shortName: params.dispensaryShortName }) }),
  );
  route<NewApiClientInput>(
    {
      method: 'POST',
      path: '/api-clients',
      summary: 'Issue an API client for the ticket API: its secret is in this answer only',
      body: NewApiClientSchema,
      response: IssuedClientResponse,
    },
    async ({ actor, params, body }) => {
      const where = { shortName: params.dispensaryShortName, allStores: body.allStores };
      return success(await setup.clients.issue(actor, where, body.name));
    },
  );
  route(
    {
      method: 'POST',
      path: '/api-clients/:clientId/disable',
      summary: 'Disable an API client: its requests are refused at once',
      params: { clientId: Type.String({ maxLength: 64 }) },
      response: ApiClientResponse,
    },
    async ({ actor, params }) =>
      success({ client: await setup.clients.disable(actor, params.clientId!, params.dispensaryShortName) }),
  );
}

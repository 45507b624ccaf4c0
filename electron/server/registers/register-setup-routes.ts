import { Type } from 'typebox';
import {
  EnrolledRegisterResponse,
  ForwardExceptionsResponse,
  NewRegisterSchema,
  RegisterResponse,
  RegistersResponse,
  type NewRegisterInput,
} from '../../../shared/contracts/registers.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { RegisterSetup } from './register-setup.js';

/** The registers attached to a store server, under `/v2.0/dispensary/<short>/setup/registers` (`store:manage`). */
export function registerRegisterSetupRoutes(route: ReturnType<typeof setupRoutes>, registers: RegisterSetup): void {
  route(
    {
      method: 'GET',
      path: '/registers',
      summary: 'The registers attached to the store (revoked ones too); never their secrets',
      response: RegistersResponse,
    },
    async ({ actor, params }) => success({ registers: await registers.list(actor, params.dispensaryShortName) }),
  );
  route<NewRegisterInput>(
    {
      method: 'POST',
      path: '/registers',
      summary: 'Attach a register: its own credentials, in this answer only',
      description:
        'A register of the same name enrolled before gets new credentials; its earlier ones stop working. ' +
        'The register sends registerId and secret as HTTP Basic credentials.',
      body: NewRegisterSchema,
      response: EnrolledRegisterResponse,
    },
    async ({ actor, params, body }) => registers.enroll(actor, params.dispensaryShortName, body.name),
  );
  route(
    {
      method: 'GET',
      path: '/registers/exceptions',
      summary: "What the store must look at after its registers' sales were forwarded (newest 500)",
      description:
        'Stock a register sold below zero while offline, an order given another number, a change the server refused.',
      response: ForwardExceptionsResponse,
    },
    async ({ actor, params }) => success({ exceptions: await registers.exceptions(actor, params.dispensaryShortName) }),
  );
  route(
    {
      method: 'POST',
      path: '/registers/:registerId/revoke',
      summary: 'Revoke a register: its credentials are refused from its next request on',
      params: { registerId: Type.String({ maxLength: 64 }) },
      response: RegisterResponse,
    },
    async ({ actor, params }) =>
      success({ register: await registers.revoke(actor, params.dispensaryShortName, params.registerId!) }),
  );
}

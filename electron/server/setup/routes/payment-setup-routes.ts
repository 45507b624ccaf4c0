import { Type } from 'typebox';
import {
  MethodsResponse,
  NewPinPadSchema,
  NewProcessorSchema,
  PinPadResponse,
  PinPadsResponse,
  ProcessorResponse,
  ProcessorsResponse,
  SetMethodSchema,
  type NewPinPadInput,
  type NewProcessorInput,
  type SetMethodInput,
} from '../../../../shared/contracts/setup.js';
import { toProcessorView } from '../processor-setup.js';
import type { StoreSetup } from '../store-setup.js';
import { success, type setupRoutes } from '../../dispensaries/setup-route.js';

/** The payment processors of the store's organization, its methods per location and its PIN pads. */
export function registerPaymentSetupRoutes(route: ReturnType<typeof setupRoutes>, setup: StoreSetup): void {
  route(
    {
      method: 'GET',
      path: '/processors',
      summary: "The payment processors of the store's organization, the default first (API keys never shown)",
      response: ProcessorsResponse,
    },
    async ({ actor, params }) => {
      const shortName = params.dispensaryShortName;
      const processors = (await setup.processors.list(actor, shortName)).map(toProcessorView);
      return success({ processors, mayAdd: await setup.processors.mayAdd(actor, shortName) });
    },
  );
  route<NewProcessorInput>(
    {
      method: 'POST',
      path: '/processors',
      summary: "Add a processor to the store's organization (organization-wide managers)",
      description:
        'A paynet processor needs merchantId and apiKey; gatewayUrl defaults to the sandbox this service hosts.',
      body: NewProcessorSchema,
      response: ProcessorResponse,
    },
    async ({ actor, params, body }) =>
      success({
        processor: toProcessorView(await setup.processors.addForStore(actor, params.dispensaryShortName, body)),
      }),
  );
  route(
    {
      method: 'POST',
      path: '/processors/:name/default',
      summary: "Make a processor the organization's default (it wins when several offer a method)",
      params: { name: Type.String({ maxLength: 40 }) },
      response: ProcessorResponse,
    },
    async ({ actor, params }) =>
      success({
        processor: toProcessorView(
          await setup.processors.setDefaultForStore(actor, params.dispensaryShortName, params.name!),
        ),
      }),
  );

  route(
    {
      method: 'GET',
      path: '/payment-methods',
      summary: "Which methods each of the store's locations takes, through which processor",
      response: MethodsResponse,
    },
    async ({ actor, params }) => success({ methods: await setup.methods.list(actor, params.dispensaryShortName) }),
  );
  route<SetMethodInput>(
    {
      method: 'PUT',
      path: '/payment-methods',
      summary: 'Turn a method on or off at a location (the primary one when locationId is left out)',
      body: SetMethodSchema,
      response: MethodsResponse,
    },
    async ({ actor, params, body }) => {
      const shortName = params.dispensaryShortName;
      await setup.methods.set(actor, shortName, body, [body.method]);
      return success({ methods: await setup.methods.list(actor, shortName) });
    },
  );

  route(
    { method: 'GET', path: '/pin-pads', summary: "PIN pads of the store's locations", response: PinPadsResponse },
    async ({ actor, params }) => success({ pinPads: await setup.pinPads.list(actor, params.dispensaryShortName) }),
  );
  route<NewPinPadInput>(
    {
      method: 'POST',
      path: '/pin-pads',
      summary: 'Add a PIN pad (card-present methods at the location need one for their processor)',
      body: NewPinPadSchema,
      response: PinPadResponse,
    },
    async ({ actor, params, body }) => {
      const { locationName: _where, ...pinPad } = await setup.pinPads.add(actor, params.dispensaryShortName, body);
      return success({ pinPad });
    },
  );
  route(
    {
      method: 'POST',
      path: '/pin-pads/:pinPadId/disable',
      summary: 'Disable a PIN pad',
      params: { pinPadId: Type.String({ format: 'uuid' }) },
      response: PinPadResponse,
    },
    async ({ actor, params }) =>
      success({ pinPad: await setup.pinPads.disable(actor, params.pinPadId!, params.dispensaryShortName) }),
  );
}

import { Type } from 'typebox';
import { SuccessFields } from '../../../../shared/contracts/common.js';
import {
  LocationNameSchema,
  LocationResponse,
  LocationsResponse,
  NewTaxClassSchema,
  StoreSettingsResponse,
  StoreSettingsUpdateSchema,
  StateProfilesResponse,
  TaxClassesResponse,
  TaxClassResponse,
  TaxRateInputSchema,
  type NewTaxClassInput,
  type StoreSettingsUpdate,
  type TaxRateInput,
} from '../../../../shared/contracts/setup.js';
import type { StoreSetup } from '../store-setup.js';
import { success, type setupRoutes } from '../../dispensaries/setup-route.js';

const Code = { code: Type.String({ maxLength: 40 }) };

/** The store's settings, its tax classes and rates, and its locations. */
export function registerStoreRoutes(route: ReturnType<typeof setupRoutes>, setup: StoreSetup): void {
  route(
    {
      method: 'GET',
      path: '/store',
      summary: "A store's name, time zone, hours and preparation time",
      response: StoreSettingsResponse,
    },
    async ({ actor, params }) => success({ store: await setup.store.get(actor, params.dispensaryShortName) }),
  );
  route<StoreSettingsUpdate>(
    {
      method: 'PUT',
      path: '/store',
      summary: "Change a store's name, time zone, hours or preparation time",
      body: StoreSettingsUpdateSchema,
      response: StoreSettingsResponse,
    },
    async ({ actor, params, body }) =>
      success({ store: await setup.store.update(actor, params.dispensaryShortName, body) }),
  );

  route(
    {
      method: 'GET',
      path: '/state-profiles',
      summary: 'The state profiles a store may enforce (complianceProfile): those the service loaded at start, whole',
      response: StateProfilesResponse,
    },
    async ({ actor, params }) =>
      success({ profiles: await setup.store.stateProfiles(actor, params.dispensaryShortName) }),
  );

  route(
    {
      method: 'GET',
      path: '/tax-classes',
      summary: 'Tax classes of a store with their layered rates',
      response: TaxClassesResponse,
    },
    async ({ actor, params }) => success({ taxClasses: await setup.taxes.list(actor, params.dispensaryShortName) }),
  );
  route<NewTaxClassInput>(
    {
      method: 'POST',
      path: '/tax-classes',
      summary: 'Add a tax class (its code is what the catalog import names in taxClass)',
      body: NewTaxClassSchema,
      response: TaxClassResponse,
    },
    async ({ actor, params, body }) =>
      success({ taxClass: await setup.taxes.addClass(actor, params.dispensaryShortName, body) }),
  );
  route(
    {
      method: 'DELETE',
      path: '/tax-classes/:code',
      summary: 'Remove a tax class no product is taxed by',
      params: Code,
      response: Type.Object(SuccessFields),
    },
    async ({ actor, params }) => {
      await setup.taxes.removeClass(actor, params.dispensaryShortName, params.code!);
      return success({});
    },
  );
  route<TaxRateInput>(
    {
      method: 'PUT',
      path: '/tax-classes/:code/rates',
      summary: 'Add a rate to a tax class, or change the rate of that name',
      description: 'Rates of a class add up. Orders already placed keep their tax; new orders use the new rates.',
      params: Code,
      body: TaxRateInputSchema,
      response: TaxClassResponse,
    },
    async ({ actor, params, body }) =>
      success({ taxClass: await setup.taxes.setRate(actor, params.dispensaryShortName, params.code!, body) }),
  );
  route(
    {
      method: 'DELETE',
      path: '/tax-classes/:code/rates/:rateName',
      summary: 'Remove a rate (by name) from a tax class',
      params: { ...Code, rateName: Type.String({ maxLength: 100 }) },
      response: TaxClassResponse,
    },
    async ({ actor, params }) =>
      success({
        taxClass: await setup.taxes.removeRate(actor, params.dispensaryShortName, params.code!, params.rateName!),
      }),
  );

  route(
    {
      method: 'GET',
      path: '/locations',
      summary: 'Locations of a store, the primary first',
      response: LocationsResponse,
    },
    async ({ actor, params }) => success({ locations: await setup.locations.list(actor, params.dispensaryShortName) }),
  );
  route<{ name: string }>(
    {
      method: 'POST',
      path: '/locations',
      summary: 'Add a location',
      body: LocationNameSchema,
      response: LocationResponse,
    },
    async ({ actor, params, body }) =>
      success({ location: await setup.locations.add(actor, params.dispensaryShortName, body.name) }),
  );
  route<{ name: string }>(
    {
      method: 'PUT',
      path: '/locations/:locationId',
      summary: 'Rename a location',
      params: { locationId: Type.String({ format: 'uuid' }) },
      body: LocationNameSchema,
      response: LocationResponse,
    },
    async ({ actor, params, body }) =>
      success({
        location: await setup.locations.rename(actor, params.dispensaryShortName, params.locationId!, body.name),
      }),
  );
}

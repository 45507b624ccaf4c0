import { Type } from 'typebox';
import {
  PackageDetailsAnswerSchema,
  PackageDetailsRequestSchema,
  PackageMoveAnswerSchema,
  PackageMoveRequestSchema,
  ProductPackagesSchema,
  RoomAnswerSchema,
  RoomCreateSchema,
  RoomsSchema,
  RoomUpdateSchema,
  type PackageDetailsRequest,
  type PackageMoveRequest,
  type RoomCreate,
  type RoomUpdate,
} from '../../../shared/contracts/rooms.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { PackageDetails } from './package-details.js';
import type { PackageMoves } from './package-moves.js';
import type { StoreRooms } from './store-rooms.js';

/**
 * A store's rooms (`store:manage` to add or change one; `inventory:adjust` to read them) and its
 * packages moved between them (`inventory:adjust`), under `/v2.0/dispensary/<short>/setup`.
 */
export function registerRoomRoutes(
  route: ReturnType<typeof setupRoutes>,
  rooms: StoreRooms,
  moves: PackageMoves,
  details: PackageDetails,
) {
  route(
    {
      method: 'GET',
      path: '/rooms',
      summary: 'The store’s sales floor and rooms, with the packages with stock in each',
      permission: 'inventory:adjust',
      response: RoomsSchema,
    },
    async ({ actor, params }) => success({ rooms: await rooms.list(actor, params.dispensaryShortName) }),
  );
  route<RoomCreate>(
    {
      method: 'POST',
      path: '/rooms',
      summary: 'Add a room: storage (a vault, a back room) or quarantine; its stock does not sell',
      body: RoomCreateSchema,
      response: RoomAnswerSchema,
    },
    async ({ actor, params, body }) => success({ room: await rooms.add(actor, params.dispensaryShortName, body) }),
  );
  route<RoomUpdate>(
    {
      method: 'PATCH',
      path: '/rooms/:roomId',
      params: { roomId: Type.String({ maxLength: 64, description: 'The room’s id' }) },
      summary: 'Rename a room, or archive it (once no stock is in it) or bring it back',
      body: RoomUpdateSchema,
      response: RoomAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ room: await rooms.update(actor, params.dispensaryShortName, params.roomId!, body) }),
  );
  route(
    {
      method: 'GET',
      path: '/products/:productId/packages',
      params: { productId: Type.String({ maxLength: 64, description: 'The product id, or its SKU' }) },
      summary: 'A product’s packages in every room (by its id or SKU), the one its next sale takes first',
      permission: 'inventory:adjust',
      response: ProductPackagesSchema,
    },
    async ({ actor, params }) =>
      success({ packages: await moves.packagesOf(actor, params.dispensaryShortName, params.productId!) }),
  );
  route<PackageMoveRequest>(
    {
      method: 'POST',
      path: '/inventory/moves',
      summary: 'Move a whole package to another room of its store, or to the sales floor',
      description:
        'Only stock on the sales floor sells. The package’s room, the move’s record, the audit trail and the ' +
        'store’s version are written together; a package that open orders hold some of stays on the floor.',
      permission: 'inventory:adjust',
      body: PackageMoveRequestSchema,
      response: PackageMoveAnswerSchema,
    },
    async ({ actor, params, body }) => success(await moves.move(actor, params.dispensaryShortName, body)),
  );
  route<PackageDetailsRequest>(
    {
      method: 'PATCH',
      path: '/inventory/packages/:package',
      params: { package: Type.String({ maxLength: 64, description: 'The package’s id, or its state tag' }) },
      summary: 'Set a package’s packaged date, expiry date (which decides what sells first) or lab results',
      description:
        'Dates are YYYY-MM-DD, null or empty to clear one; the expiry may not be before the packaged date. ' +
        'Lab results are one line of text, in place of what the manifest said.',
      permission: 'inventory:adjust',
      body: PackageDetailsRequestSchema,
      response: PackageDetailsAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ package: await details.set(actor, params.dispensaryShortName, params.package!, body) }),
  );
}

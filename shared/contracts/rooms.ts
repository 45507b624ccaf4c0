import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Count, Quantity } from '../numbers.js';
import { ROOM_NAME_MAX } from '../room-name.js';

/**
 * Rooms and packages (README "Rooms and packages"): `/v2.0/dispensary/<short>/setup/rooms` and
 * `…/setup/inventory/packages/…`, and `servicepay inventory rooms|packages|move` with `--json`,
 * which print the same shapes. A store's location has its sales floor (the only room stock sells
 * from, id `sales-floor`) and the rooms its managers add: storage (a vault, a back room) or
 * quarantine. Quantities are in the product's unit (grams for weighed products).
 */

/** The sales floor's id in the API: every location has one, made with it. */
export const SALES_FLOOR_ID = 'sales-floor';

export const ROOM_KINDS = ['sales_floor', 'storage', 'quarantine'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

export { ROOM_NAME_MAX };

const RoomName = Type.String({
  minLength: 1,
  maxLength: ROOM_NAME_MAX,
  description: 'e.g. Vault, Back room, Quarantine',
});

export const RoomSchema = Type.Object({
  /** `sales-floor`, or the room's id. */
  id: Type.String(),
  name: Type.String(),
  kind: Type.Enum([...ROOM_KINDS]),
  /** The kind in words: Sales floor, Storage, Quarantine. */
  kindName: Type.String(),
  /** Whether its stock sells: only the sales floor's. */
  sells: Type.Boolean(),
  archived: Type.Boolean(),
  /** Packages in it with stock on hand. */
  packages: Count(),
});
export type Room = Static<typeof RoomSchema>;

export const RoomsSchema = Type.Object({ ...SuccessFields, rooms: Type.Array(RoomSchema) });
export type Rooms = Static<typeof RoomsSchema>;

export const RoomAnswerSchema = Type.Object({ ...SuccessFields, room: RoomSchema });
export type RoomAnswer = Static<typeof RoomAnswerSchema>;

/** `POST …/setup/rooms`: a room of the store's primary location. */
export const RoomCreateSchema = Type.Object(
  {
    name: RoomName,
    kind: Type.Enum(['storage', 'quarantine'], { description: 'storage (a vault, a back room) or quarantine' }),
  },
  { additionalProperties: false },
);
export type RoomCreate = Static<typeof RoomCreateSchema>;

/** `PATCH …/setup/rooms/<id>`: a new name, or archived (only when no stock is in it) or back. */
export const RoomUpdateSchema = Type.Object(
  { name: Type.Optional(RoomName), archived: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type RoomUpdate = Static<typeof RoomUpdateSchema>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A lab certificate's results for a package, where known. */
export const LabResultsSchema = Type.Object({
  /** Metrc's LabTestingState as written: "TestPassed". */
  state: Type.Optional(Type.String({ maxLength: 60 })),
  thcPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  cbdPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  lab: Type.Optional(Type.String({ maxLength: 120 })),
  testedOn: Type.Optional(Type.String({ maxLength: 10 })),
  /** The results as one line, as a manifest's "Lab Results" or a manager wrote them. */
  summary: Type.Optional(Type.String({ maxLength: 200 })),
});
export type LabResults = Static<typeof LabResultsSchema>;

export const PackageViewSchema = Type.Object({
  packageId: Type.String(),
  /** The state's tag (label); may be empty for stock imported without one. */
  label: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  sku: Type.Union([Type.String(), Type.Null()]),
  unitType: Type.String(),
  room: Type.Object({ id: Type.String(), name: Type.String(), kind: Type.Enum([...ROOM_KINDS]) }),
  onHand: Quantity('On hand, in the product’s unit'),
  /** What open orders hold of it (reserved, and short beyond what is on hand). */
  held: Quantity('Held by open orders'),
  /** What a sale can take now: on hand less what is held, on the sales floor; nothing elsewhere. */
  available: Quantity('Free to sell'),
  /** What one unit (one gram when weighed) cost, in cents; null: not known. */
  unitCostCents: Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Null()]),
  packagedOn: Nullable(Type.String()),
  expiresOn: Nullable(Type.String()),
  lab: Type.Union([LabResultsSchema, Type.Null()]),
  /** The lab results as a short line ("THC 21.4%, CBD 0.1%, passed"); '' when none are known. */
  labWords: Type.String(),
  /** The package the product's next sale takes (one per product: on the floor, soonest to expire). */
  sellsNext: Type.Boolean(),
});
export type PackageView = Static<typeof PackageViewSchema>;

/** `GET …/setup/products/<id>/packages`: a product's packages at the store, the one selling next first. */
export const ProductPackagesSchema = Type.Object({ ...SuccessFields, packages: Type.Array(PackageViewSchema) });
export type ProductPackages = Static<typeof ProductPackagesSchema>;

/** `POST …/setup/inventory/moves`: a whole package moved to another room of its store. */
export const PackageMoveRequestSchema = Type.Object(
  {
    package: Type.String({ minLength: 1, maxLength: 64, description: 'The package: its id, or its state tag' }),
    room: Type.String({
      minLength: 1,
      maxLength: 60,
      description: 'Where to: a room’s id or name, or sales-floor (“Sales floor”)',
    }),
    note: Type.Optional(Type.String({ maxLength: 200, description: 'Why, in a sentence' })),
  },
  { additionalProperties: false },
);
export type PackageMoveRequest = Static<typeof PackageMoveRequestSchema>;

export const PackageMoveSchema = Type.Object({
  moveId: Type.String(),
  packageId: Type.String(),
  packageLabel: Type.String(),
  productName: Type.String(),
  from: Type.String({ description: 'The room it left, by name' }),
  to: Type.String({ description: 'The room it is in now, by name' }),
  note: Type.String(),
  /** Who moved it: a staff member's username, or "operator" for the `servicepay` command. */
  by: Type.String(),
  /** The display name of the staff member who moved it; null when `by` is no user. */
  byName: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601 UTC. */
  at: Type.String(),
});
export type PackageMove = Static<typeof PackageMoveSchema>;

export const PackageMoveAnswerSchema = Type.Object({
  ...SuccessFields,
  move: PackageMoveSchema,
  package: PackageViewSchema,
});
export type PackageMoveAnswer = Static<typeof PackageMoveAnswerSchema>;

const DetailsDate = Type.Union([
  Type.String({ maxLength: 40, description: 'YYYY-MM-DD; empty to clear it' }),
  Type.Null(),
]);

/** `PATCH …/setup/inventory/packages/<id or tag>`: a package's dates and lab results, as a manager corrects them. */
export const PackageDetailsRequestSchema = Type.Object(
  {
    packagedOn: Type.Optional(DetailsDate),
    expiresOn: Type.Optional(DetailsDate),
    labResults: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 400, description: 'The lab results as one line; empty to clear them' }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PackageDetailsRequest = Static<typeof PackageDetailsRequestSchema>;

export const PackageDetailsAnswerSchema = Type.Object({ ...SuccessFields, package: PackageViewSchema });
export type PackageDetailsAnswer = Static<typeof PackageDetailsAnswerSchema>;

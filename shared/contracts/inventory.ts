import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { ManagerApprovalSchema } from './cash.js';
import { Quantity, SignedQuantity } from '../numbers.js';

/**
 * Inventory adjustments (README "Inventory adjustments"): `/v2.0/dispensary/<short>/setup/inventory/…`
 * for the store's staff, and `servicepay inventory …` with `--json`, which print the same shapes.
 * Quantities are in the product's unit (grams for weighed products), to three decimals.
 */

/** `POST …/setup/inventory/adjustments`: one change of one package's stock, with its reason. */
export const AdjustmentRequestSchema = Type.Object(
  {
    package: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The package: its id, or its state tag (label) at this store',
    }),
    delta: Type.Optional(
      SignedQuantity('The change, signed: -2 takes two units (or grams) off, 5 adds five. Not with quantity.'),
    ),
    quantity: Type.Optional(Quantity('What was counted: the package now holds this much. Not with delta.')),
    reason: Type.String({ minLength: 1, maxLength: 40, description: 'A reason code of GET …/inventory/reasons' }),
    note: Type.Optional(
      Type.String({ maxLength: 500, description: 'What happened, in a sentence (some reasons need one)' }),
    ),
    approval: Type.Optional(ManagerApprovalSchema),
  },
  { additionalProperties: false },
);
export type AdjustmentRequest = Static<typeof AdjustmentRequestSchema>;

/** One adjustment as the audit reads it. */
export const AdjustmentViewSchema = Type.Object({
  adjustmentId: Type.String(),
  packageId: Type.String(),
  packageLabel: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  sku: Type.Union([Type.String(), Type.Null()]),
  unitType: Type.String(),
  delta: SignedQuantity('The change, in the product’s unit'),
  quantityBefore: Quantity('On hand before'),
  quantityAfter: Quantity('On hand after'),
  reason: Type.String({ description: 'The reason’s code' }),
  reasonName: Type.String({ description: 'The reason in words' }),
  note: Type.String(),
  /** Who made it: a staff member's username, or "operator" for the `servicepay` command. */
  by: Type.String(),
  /** The display name of the staff member who made it; null when `by` is no user (now). */
  byName: Type.Union([Type.String(), Type.Null()]),
  /** The manager whose PIN approved it, where the store asked for one; else null. */
  approvedBy: Type.Union([Type.String(), Type.Null()]),
  /** The approving manager's display name (now); null when nobody approved or they are no user. */
  approvedByName: Type.Union([Type.String(), Type.Null()]),
  approvedByOther: Type.Boolean({
    description:
      'Someone other than who made it approved it: false when nobody did, or a manager or the operator approved their own',
  }),
  /** ISO 8601 UTC. */
  at: Type.String(),
  /** The store's day it was made on (YYYY-MM-DD). */
  storeDay: Type.String(),
});
export type AdjustmentView = Static<typeof AdjustmentViewSchema>;

export const AdjustmentAnswerSchema = Type.Object({ ...SuccessFields, adjustment: AdjustmentViewSchema });
export type AdjustmentAnswer = Static<typeof AdjustmentAnswerSchema>;

const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/** `GET …/setup/inventory/adjustments`: filters and a page, newest first. */
export const AdjustmentListQuerySchema = Type.Object(
  {
    product: Type.Optional(Type.String({ maxLength: 64, description: 'A product id or SKU' })),
    package: Type.Optional(Type.String({ maxLength: 64, description: 'A package id or state tag' })),
    reason: Type.Optional(Type.String({ maxLength: 40, description: 'A reason code' })),
    from: Type.Optional(Day('The first store day (YYYY-MM-DD), in the store’s time zone')),
    to: Type.Optional(Day('The last store day (YYYY-MM-DD), included')),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Page size (default 50)' })),
    cursor: Type.Optional(
      Type.String({ maxLength: 1000, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
  },
  { additionalProperties: false },
);
export type AdjustmentListQuery = Static<typeof AdjustmentListQuerySchema>;

export const AdjustmentPageSchema = Type.Object({
  ...SuccessFields,
  adjustments: Type.Array(AdjustmentViewSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type AdjustmentPage = Static<typeof AdjustmentPageSchema>;

/** `GET …/setup/inventory/reasons`: the store's reasons and its PIN policy. */
export const AdjustmentReasonsSchema = Type.Object({
  ...SuccessFields,
  /** Where the reasons come from: the state profile's id, or null for the default list. */
  profile: Type.Union([Type.String(), Type.Null()]),
  reasons: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      stateReason: Type.String(),
      noteRequired: Type.Boolean(),
    }),
  ),
  /** The store's policy: null no PIN; 0 every adjustment; N those changing stock by more than N units. */
  pinAbove: Type.Union([Quantity('Units (grams) above which a manager’s PIN is asked'), Type.Null()]),
});
export type AdjustmentReasons = Static<typeof AdjustmentReasonsSchema>;

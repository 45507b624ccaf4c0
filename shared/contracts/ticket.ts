import { Type, type Static } from 'typebox';
import { FULFILLMENT_STATUSES, ORDER_PAYMENT_STATUSES, ORDER_SOURCES, ORDER_STATUSES } from '../order-status.js';
import { DecimalAmount, SuccessFields } from './common.js';
import { Count, Dollars, LINE_QUANTITY_MAX, Quantity, RowNumber, Weight } from '../numbers.js';
import { ManagerApprovalSchema } from './cash.js';
import { ManualDiscountSchema, ManualDiscountViewSchema } from './manual-discounts.js';
import { PROMO_CODE_TYPED, PROMO_CODE_TYPED_MAX } from '../deals/promo-code.js';

/** Spec 2.1: one requested product. */
export const TicketItemRequestSchema = Type.Object(
  {
    productId: Type.String({ format: 'uuid', description: 'Product identifier (UUID).' }),
    quantity: Type.Number({
      exclusiveMinimum: 0,
      maximum: LINE_QUANTITY_MAX,
      description: 'Units for counted products; weight in the unit type (up to 3 decimals) for deli items.',
    }),
  },
  { additionalProperties: false },
);

/** Spec 2.1: the body of a ticket creation. */
export const TicketCreateRequestSchema = Type.Object(
  {
    type: Type.Literal('PICKUP', { description: 'Order type; PICKUP is the only type offered.' }),
    items: Type.Array(TicketItemRequestSchema, { minItems: 1, maxItems: 100 }),
    rewardDollars: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100_000, description: 'Reward dollars to spend (at most 2 decimals).' }),
    ),
    customerId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'The store\'s customer (README "Customers"); needed for cannabis where the store enforces state rules.',
      }),
    ),
    promoCodes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: PROMO_CODE_TYPED_MAX, pattern: PROMO_CODE_TYPED }), {
        maxItems: 5,
        description:
          'Promo codes typed, any case, spaces around them left out (README "Deals"); each is answered in `codes`.',
      }),
    ),
    dealIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 20,
        description: 'Deals the cashier chose (deals whose trigger is `cashier`).',
      }),
    ),
    manualDiscounts: Type.Optional(
      Type.Array(ManualDiscountSchema, {
        maxItems: 10,
        description: 'Discounts given by hand at a register, each with its reason (README "Manual discounts").',
      }),
    ),
    approval: Type.Optional(
      Type.Object(ManagerApprovalSchema.properties, {
        additionalProperties: false,
        description: "A manager's username and PIN, where the store's policy asks for one for the manual discounts.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** Spec 2.3: the pickup address of a ticket. */
export const AddressSchema = Type.Object({
  id: RowNumber(),
  street: Type.String(),
  city: Type.String(),
  state: Type.String(),
  county: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.String(), Type.Null()]),
  zip: Type.String(),
  comment: Type.String(),
  longitude: Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()]),
  latitude: Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()]),
  apt: Type.String(),
  primary: Type.Boolean(),
});

/** A deal and what it took off (a line, or the whole ticket), as a decimal amount. */
export const DealAmountSchema = Type.Object({
  dealId: Type.String(),
  name: Type.String(),
  amount: DecimalAmount,
});

/** Spec 2.4: one filled line. `priceSell`, `originalPrice` and `tax` are amounts of the whole line. */
export const TicketItemSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  productId: Type.String({ format: 'uuid' }),
  type: Type.String(),
  subtype: Type.String(),
  brand: Type.String(),
  name: Type.String(),
  quantity: Quantity(),
  originalQuantity: Quantity(),
  weight: Weight(),
  size: Type.String(),
  unitType: Type.String(),
  barcodes: Type.String(),
  priceSell: DecimalAmount,
  tax: Dollars(),
  lineIndex: Count(),
  discountDescription: Type.String(),
  originalPrice: Dollars(),
  unitId: Type.String({ format: 'uuid' }),
  packageId: Type.String({ format: 'uuid' }),
  packageLabel: Type.String(),
  refundedQuantity: Quantity(),
  locationId: Type.String({ format: 'uuid' }),
  deli: Type.Boolean(),
  /** What each deal took off the line (README "Deals"); `discountDescription` names them too. */
  discounts: Type.Array(DealAmountSchema),
});

/** A requested item that could not be (fully) filled. */
export const UnavailableItemSchema = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  requestedQuantity: Quantity(),
  availableQuantity: Quantity(),
  reason: Type.Enum(['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'DISCONTINUED']),
});

const ticketFields = {
  orderId: Type.String({ format: 'uuid' }),
  type: Type.String(),
  status: Type.Enum(ORDER_STATUSES, {
    description:
      'Where the order is in the store; before the store works it, how it is paid (AWAITING_PROCESSING, ' +
      'AUTHORIZED, PAID). fulfillmentStatus and paymentStatus say each apart.',
  }),
  fulfillmentStatus: Type.Enum(FULFILLMENT_STATUSES, {
    description: 'Where the order is in the store, paid or not (README "Order statuses").',
  }),
  paymentStatus: Type.Enum(ORDER_PAYMENT_STATUSES, {
    description: 'UNPAID (nothing or not all in), AUTHORIZED (in full, an ACH authorization not captured yet) or PAID.',
  }),
  source: Type.Enum(ORDER_SOURCES, {
    description: 'online: placed through this API (a shop); register: a sale rung up at a register.',
  }),
  orderNumber: Type.String({ pattern: '^[A-Z0-9]{6}$' }),
  address: AddressSchema,
  items: Type.Array(TicketItemSchema),
  totalItems: Count(),
  unavailableItems: Type.Array(UnavailableItemSchema),
  subTotal: DecimalAmount,
  adjustedSubTotal: DecimalAmount,
  tax: DecimalAmount,
  total: DecimalAmount,
  deliveryCost: DecimalAmount,
  discount: DecimalAmount,
  tierDiscount: DecimalAmount,
  payByPoints: DecimalAmount,
  /** The deals the ticket got, biggest saving first (README "Deals"). */
  deals: Type.Array(DealAmountSchema),
  /** The promo codes typed for it, upper case. */
  promoCodes: Type.Array(Type.String()),
  /** The discounts given by hand (README "Manual discounts"), each with what it took off and who approved it. */
  manualDiscounts: Type.Array(ManualDiscountViewSchema),
  /** Each promo code typed: applied, or why not, in words (the creation's and the quote's answers only). */
  codes: Type.Optional(Type.Array(Type.Object({ code: Type.String(), applied: Type.Boolean(), words: Type.String() }))),
  /** Each deal chosen (`dealIds`): applied, or why not, in words (the creation's and the quote's answers only). */
  chosenDeals: Type.Optional(
    Type.Array(Type.Object({ dealId: Type.String(), applied: Type.Boolean(), words: Type.String() })),
  ),
  eta: Type.String(),
  promisedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      "When the order is promised ready (the eta's time), or null when the store had no hours to promise by.",
  }),
  message: Type.Array(Type.String()),
  customerId: Type.Union([Type.String(), Type.Null()], {
    description: 'The store\'s customer the ticket was made for (README "Customers"), or null.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

/** Spec 2.2: a ticket as the API answers it. */
export const TicketSchema = Type.Object({ ...SuccessFields, ...ticketFields });

/**
 * `POST …/ecommerce/ticket/quote`: the ticket the same body would create, priced from current stock
 * but neither stored nor reserved (no id, number, status or eta). The POS shows it as the cart changes.
 */
export const TicketQuoteSchema = Type.Object({
  ...SuccessFields,
  ...Type.Omit(Type.Object(ticketFields), [
    'orderId',
    'orderNumber',
    'status',
    'fulfillmentStatus',
    'paymentStatus',
    'source',
    'eta',
    'promisedAt',
    'createdAt',
    'updatedAt',
  ]).properties,
  /** Whether creating it needs a manager's PIN for its manual discounts (`approval`), as the store's policy says. */
  approvalNeeded: Type.Boolean(),
  /** The customer's loyalty points its reward dollars (`payByPoints`) cost, as creating it would spend them. */
  rewardPoints: Count(
    'Loyalty points the reward dollars cost the customer under the store\'s programme (README "Loyalty"); ' +
      '0 without reward dollars or while the programme is off.',
  ),
});
export type TicketQuote = Static<typeof TicketQuoteSchema>;

/**
 * One ticket of a listing: the ticket, with what its payments hold as its balance counts them
 * (README "Tickets"). Only listings say it; a created ticket has no payment yet.
 */
export const ListedTicketSchema = Type.Object({
  ...ticketFields,
  paid: Type.String({
    ...DecimalAmount,
    description:
      'Decimal amount its approved payments paid toward it (tips and cash back aside), refunds not taken off: ' +
      'what counts toward its balance. A voided or wholly refunded payment counts nothing; "0.00" when none.',
  }),
  refunded: Type.String({
    ...DecimalAmount,
    description: 'Decimal amount its payments\' refunds gave back; "0.00" when none.',
  }),
});

/** A ticket read back by id or number: the ticket and what its payments hold, as a listing says them. */
export const TicketReadSchema = Type.Object({ ...SuccessFields, ...ListedTicketSchema.properties });

/** A page of tickets, newest first. */
export const TicketPageSchema = Type.Object({
  ...SuccessFields,
  tickets: Type.Array(ListedTicketSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export type TicketCreateRequest = Static<typeof TicketCreateRequestSchema>;
export type Ticket = Static<typeof TicketSchema>;
export type TicketItem = Static<typeof TicketItemSchema>;
export type TicketAddress = Static<typeof AddressSchema>;
export type TicketPage = Static<typeof TicketPageSchema>;
export type ListedTicket = Static<typeof ListedTicketSchema>;

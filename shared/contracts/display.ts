import { Type, type Static } from 'typebox';
import { TERMINAL_ID_PATTERN } from '../terminal-id.js';
import { SuccessFields } from './common.js';
import { AMOUNT_MAX_CENTS, AmountCents, Count, LINE_QUANTITY_MAX } from '../numbers.js';

/**
 * The pole display of one terminal: what the customer sees, set by the cashier's POS window
 * (`PUT /v2.0/dispensary/<short>/display/<terminalId>`) and followed by the display on the live
 * channel (`display.state` on topic `display:<terminalId>`, current state sent first). Amounts in cents.
 */

const Cents = AmountCents(undefined, -AMOUNT_MAX_CENTS);
const Text = (maxLength: number) => Type.String({ maxLength });

/** A discount on a line (its product's promotion, a deal, a manual discount) and what it saved the customer. */
export const DisplaySavingSchema = Type.Object({ name: Text(200), amount: Cents }, { additionalProperties: false });
export type DisplaySaving = Static<typeof DisplaySavingSchema>;

/** One cart line as the customer sees it. */
export const DisplayLineSchema = Type.Object(
  {
    key: Text(80),
    name: Text(200),
    /** Brand and size: "Aurora Farms · 3.5g" (a weighed line's weight is its quantity and unit). */
    detail: Text(200),
    /** A count, or a weighed line's weight in `unit`. */
    quantity: Type.Number({ minimum: 0, maximum: LINE_QUANTITY_MAX }),
    /** A weighed line's unit ("g"): it reads "3.537 g", never "1 ×"; absent: a counted line. */
    unit: Type.Optional(Text(20)),
    lineTotal: Cents,
    /** What each discount took off the line (its promotion, deals, manual discounts), positive cents; absent: none. */
    savings: Type.Optional(Type.Array(DisplaySavingSchema, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type DisplayLine = Static<typeof DisplayLineSchema>;

export const DisplayTotalsSchema = Type.Object(
  { subtotal: Cents, discount: Cents, tax: Cents, rewardDollars: Cents, total: Cents },
  { additionalProperties: false },
);
export type DisplayTotals = Static<typeof DisplayTotalsSchema>;

/** The payment the customer makes on the display: the fields of the SDK's payment event. */
export const DisplayPaymentSchema = Type.Object(
  {
    orderId: Type.String({ format: 'uuid' }),
    orderNumber: Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' }),
    amount: AmountCents(undefined, 1),
    taxes: Cents,
    discount: Cents,
    rewardDollars: Cents,
    employeeReferenceId: Type.Optional(Text(50)),
    /** The paying customer, all four fields (the SDK's customer, spec 2.6). */
    customer: Type.Optional(
      Type.Object(
        { firstName: Text(50), lastName: Text(50), phone: Text(30), email: Text(254) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DisplayPayment = Static<typeof DisplayPaymentSchema>;

/** What the display shows: idle welcome, the cart mirror, the payment widget, or thanks. */
export const DisplayStateSchema = Type.Union([
  Type.Object({ phase: Type.Literal('idle') }, { additionalProperties: false }),
  Type.Object(
    {
      phase: Type.Literal('cart'),
      lines: Type.Array(DisplayLineSchema, { maxItems: 100 }),
      totals: DisplayTotalsSchema,
      customerName: Type.Union([Text(100), Type.Null()]),
      /** The named customer's loyalty points, while the store's programme is on (shown with the first name). */
      customerPoints: Type.Optional(Count()),
      /** The points the sale's reward dollars cost: the display says the balance they leave. */
      pointsOnSale: Type.Optional(Count()),
      /**
       * What the order's payments paid of it before it is shown (an online order paid online, in part
       * or in full, or a sale paid in part), at most its total: the display says what is left to pay.
       */
      paid: Type.Optional(AmountCents(undefined, 1)),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      phase: Type.Literal('payment'),
      lines: Type.Array(DisplayLineSchema, { maxItems: 100 }),
      totals: DisplayTotalsSchema,
      payment: DisplayPaymentSchema,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      phase: Type.Literal('thanks'),
      orderNumber: Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' }),
      total: Cents,
      changeDue: Cents,
      /** The loyalty points the sale earned, when it earned any ("You earned 42 points"). */
      pointsEarned: Type.Optional(Count()),
      /**
       * What the sale's discounts (deals, promotions, manual discounts) saved, positive cents, when they
       * saved anything ("You saved $6.00"): on the thanks itself, so a display reloaded on it still says it.
       */
      saved: Type.Optional(AmountCents(undefined, 1)),
    },
    { additionalProperties: false },
  ),
]);
export type DisplayState = Static<typeof DisplayStateSchema>;
export type DisplayPhase = DisplayState['phase'];

/** The state with what the display needs around it; the `display.state` event's data. */
export const DisplaySnapshotSchema = Type.Object({
  terminalId: Type.String(),
  storeName: Type.String(),
  /** Increases with every change, so a display can ignore a stale frame. */
  seq: Count(),
  updatedAt: Type.String({ format: 'date-time' }),
  state: DisplayStateSchema,
});
export type DisplaySnapshot = Static<typeof DisplaySnapshotSchema>;

export const DisplayResponseSchema = Type.Object({ ...SuccessFields, display: DisplaySnapshotSchema });
export type DisplayResponse = Static<typeof DisplayResponseSchema>;

/**
 * What the customer did on the display, reported to the POS (`display.outcome` on the same topic):
 * paid (`approved`), a card `declined` or an `error` (the customer may try again), `canceled`, or
 * chose `cash`, which is paid to the cashier.
 */
export const DISPLAY_OUTCOMES = ['approved', 'declined', 'canceled', 'error', 'cash'] as const;
export const DisplayOutcomeSchema = Type.Object(
  {
    orderId: Type.String({ format: 'uuid' }),
    outcome: Type.Enum(DISPLAY_OUTCOMES),
    /** The payment id of an approved or declined payment. */
    paymentId: Type.Optional(Type.String({ maxLength: 64 })),
    /** The message the customer was shown. */
    message: Type.Optional(Text(300)),
    /** The refusal's figures, when the service gave some (a payment over the order's balance due). */
    details: Type.Optional(
      Type.Object(
        { balanceDue: Type.Optional(AmountCents()), requestedAmount: Type.Optional(AmountCents()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DisplayOutcome = Static<typeof DisplayOutcomeSchema>;

/** `POST /auth-v2/terminal-client`: API client credentials for one terminal's windows. */
export const TerminalClientRequestSchema = Type.Object(
  { terminalId: Type.String({ pattern: TERMINAL_ID_PATTERN }) },
  { additionalProperties: false },
);
export const TerminalClientResponseSchema = Type.Object({
  ...SuccessFields,
  clientId: Type.String(),
  /** Shown this once; stored hashed. Enrolling the terminal again replaces it. */
  clientSecret: Type.String(),
  terminalId: Type.String(),
});
export type TerminalClientResponse = Static<typeof TerminalClientResponseSchema>;

import { Type, type Static } from 'typebox';
import { LoyaltyProgrammeSchema, LoyaltyProgrammeUpdateSchema } from './loyalty.js';
import { StateProfileSchema } from '../compliance/profiles/schema.js';
import { CashPolicySchema } from './cash-policy.js';
import { PAYMENT_METHODS } from './payment.js';
import { SuccessFields } from './common.js';
import { Count, DayMinutes, Ppm, Quantity, RowNumber } from '../numbers.js';

/**
 * Setting a store up (`/v2.0/dispensary/<short>/setup/…`, docs in the README's "Setting up a
 * store"): what the back office sends and receives. The `servicepay` CLI runs the same service
 * (electron/server/setup/) and prints the same shapes with `--json`.
 */

const Uuid = Type.String({ format: 'uuid' });
const Text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, description });

/** A percentage as people type it: "7.25", "15" (at most four decimals, 0 to 100). */
export const PercentText = Type.String({
  pattern: '^\\d{1,3}(\\.\\d{1,4})?$',
  description: 'Percent as a decimal string, e.g. "7.25" (0 to 100, at most 4 decimals).',
  examples: ['7.25'],
});

const Hours = Type.Union([
  Type.Object(
    { open: Type.String({ maxLength: 5 }), close: Type.String({ maxLength: 5 }) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
const Week = Type.Array(Hours, {
  minItems: 7,
  maxItems: 7,
  description: 'Local hours, Sunday first; null when closed',
});

/** The most a stored card payment may be: $100,000.00 (a cap past it is a typing mistake). */
export const OFFLINE_CARD_CAP_MAX_CENTS = 10_000_000;
const CapCents = (description: string) =>
  Type.Integer({ minimum: 0, maximum: OFFLINE_CARD_CAP_MAX_CENTS, description });

/**
 * Card payments the store's attached registers store while the card processor does not answer
 * (README "Selling offline"), in cents; 0 stores none. Every register reads them from its copy of
 * the store's set-up.
 */
export const OfflineCardsSchema = Type.Object(
  {
    maxCents: CapCents('The most one credit card payment may be stored for'),
    totalCents: CapCents('The most the payments a register stores and has not sent yet may add up to'),
  },
  { additionalProperties: false },
);
export type OfflineCards = Static<typeof OfflineCardsSchema>;

/** Caps of a new store: $200.00 a payment, $1,000.00 in all. */
export const DEFAULT_OFFLINE_CARDS: OfflineCards = { maxCents: 20_000, totalCents: 100_000 };

/** Hours a store holds an order packed and ready for pickup, at least and at most (30 days), and by default. */
export const PICKUP_HOLD_HOURS_MIN = 1;
export const PICKUP_HOLD_HOURS_MAX = 720;
export const DEFAULT_PICKUP_HOLD_HOURS = 48;
const PICKUP_HOLD_WORDS =
  'Hours an order packed and ready for pickup is held: past them an unpaid order is canceled and its stock ' +
  'returned (a paid one is listed for a manager). Whole hours, 1 to 720 (30 days); 48 by default.';

const ADJUSTMENT_PIN_WORDS =
  "Inventory adjustments needing a manager's PIN: null none; 0 every one; N those changing a package's stock " +
  'by more than N units (grams for weighed products), to three decimals.';

const MANUAL_DISCOUNT_PIN_WORDS =
  "A cashier's manual discounts needing a manager's PIN: null none; 0 every one; N those taking more than " +
  "N percent off the sale (all of the ticket's manual discounts together, after deals).";

/** A store's settings as its manager sees them. */
export const StoreSettingsSchema = Type.Object({
  shortName: Type.String(),
  name: Type.String(),
  organizationId: Uuid,
  timezone: Type.String({ description: 'IANA time zone: the store day, hours and every time shown' }),
  preparationMinutes: DayMinutes(),
  openingHours: Week,
  address: Type.String({ description: 'One line: street, city, state and ZIP' }),
  cash: CashPolicySchema,
  offlineCards: OfflineCardsSchema,
  pickupHoldHours: Type.Integer({
    minimum: PICKUP_HOLD_HOURS_MIN,
    maximum: PICKUP_HOLD_HOURS_MAX,
    description: PICKUP_HOLD_WORDS,
  }),
  adjustmentPinAbove: Type.Union([Quantity(ADJUSTMENT_PIN_WORDS), Type.Null()], { description: ADJUSTMENT_PIN_WORDS }),
  complianceProfile: Type.Union([Type.String(), Type.Null()], {
    description: 'The id of the state profile enforced at ticket creation (us-ca, us-co, …), or null for none',
  }),
  licenceNumber: Type.Union([Type.String(), Type.Null()], {
    description: "The store's state licence number as its receipts print it, or null when not set",
  }),
  loyalty: LoyaltyProgrammeSchema,
  manualDiscountPinAbove: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], {
    description: MANUAL_DISCOUNT_PIN_WORDS,
  }),
});
export type StoreSettings = Static<typeof StoreSettingsSchema>;
export const StoreSettingsResponse = Type.Object({ ...SuccessFields, store: StoreSettingsSchema });

/** `PUT …/setup/store`: any of these; what is left out stays as it is. */
export const StoreSettingsUpdateSchema = Type.Object(
  {
    name: Type.Optional(Text(200)),
    timezone: Type.Optional(Text(64, 'IANA time zone, e.g. America/Denver')),
    preparationMinutes: Type.Optional(DayMinutes()),
    openingHours: Type.Optional(Week),
    /** Blind closes and the movements needing a manager's PIN; either one alone keeps the other. */
    cash: Type.Optional(Type.Partial(CashPolicySchema)),
    /** The caps of card payments stored offline; either one alone keeps the other. */
    offlineCards: Type.Optional(Type.Partial(OfflineCardsSchema)),
    /**
     * Hours a ready order is held. The edge takes any number up to a bound so the service's rule
     * refuses a wrong one in words (dispensary-rules.ts checkPickupHoldHours), not as a schema code.
     */
    pickupHoldHours: Type.Optional(
      Type.Number({ minimum: -100_000, maximum: 100_000, description: PICKUP_HOLD_WORDS }),
    ),
    adjustmentPinAbove: Type.Optional(
      Type.Union([Quantity(ADJUSTMENT_PIN_WORDS), Type.Null()], { description: ADJUSTMENT_PIN_WORDS }),
    ),
    manualDiscountPinAbove: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], { description: MANUAL_DISCOUNT_PIN_WORDS }),
    ),
    /** The state rules to enforce at ticket creation: a loaded profile's id (`GET …/state-profiles`), or null for none. */
    complianceProfile: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
        description: 'The id of a state profile the service has loaded (us-ca, us-co, …), or null for none',
      }),
    ),
    /** The state licence number printed on receipts; null or "" clears it. */
    licenceNumber: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Null()], { description: 'e.g. C10-0000123-LIC, or null' }),
    ),
    /** The loyalty programme (README "Loyalty"); any of its fields alone keeps the others. */
    loyalty: Type.Optional(LoyaltyProgrammeUpdateSchema),
  },
  { additionalProperties: false },
);
export type StoreSettingsUpdate = Static<typeof StoreSettingsUpdateSchema>;

/** A state profile the service has loaded, whole, and where it came from. */
export const LoadedProfileSchema = Type.Object({
  profile: StateProfileSchema,
  /** `shipped` with ServicePay, or `operator`: a file of the service's `--profiles` folder. */
  source: Type.Enum(['shipped', 'operator']),
});
export type LoadedProfileView = Static<typeof LoadedProfileSchema>;

/** `GET …/setup/state-profiles`: the state rules a store may enforce, as the service loaded them at start. */
export const StateProfilesResponse = Type.Object({ ...SuccessFields, profiles: Type.Array(LoadedProfileSchema) });
export type StateProfilesAnswer = Static<typeof StateProfilesResponse>;

/** One rate of a tax class. */
export const TaxRateViewSchema = Type.Object({
  id: RowNumber(),
  name: Type.String(),
  percent: Type.String({ description: 'e.g. "7.25"' }),
  ratePpm: Ppm('The same rate in parts per million (72500)'),
});
export type TaxRateView = Static<typeof TaxRateViewSchema>;

/** A tax class: its rates are added up (layered) on every product it taxes. */
export const TaxClassViewSchema = Type.Object({
  code: Type.String({ description: 'What the catalog import names in taxClass' }),
  name: Type.String(),
  percent: Type.String({ description: 'The sum of the rates' }),
  rates: Type.Array(TaxRateViewSchema),
  productCount: Count('Products taxed by the class; only an unused class can be removed'),
});
export type TaxClassView = Static<typeof TaxClassViewSchema>;
export const TaxClassesResponse = Type.Object({ ...SuccessFields, taxClasses: Type.Array(TaxClassViewSchema) });
export const TaxClassResponse = Type.Object({ ...SuccessFields, taxClass: TaxClassViewSchema });

export const TaxRateInputSchema = Type.Object(
  { name: Text(100, 'e.g. "State sales tax"'), percent: PercentText },
  { additionalProperties: false },
);
export type TaxRateInput = Static<typeof TaxRateInputSchema>;

export const NewTaxClassSchema = Type.Object(
  {
    code: Type.String({ pattern: '^[a-z0-9]+([-_][a-z0-9]+)*$', maxLength: 40 }),
    name: Text(200),
    rates: Type.Optional(Type.Array(TaxRateInputSchema, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type NewTaxClassInput = Static<typeof NewTaxClassSchema>;

/** A location of a store: payment methods and PIN pads are set per location. */
export const LocationViewSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  primary: Type.Boolean({ description: 'Where the catalog stock is and tickets are sold from' }),
});
export type LocationView = Static<typeof LocationViewSchema>;
export const LocationsResponse = Type.Object({ ...SuccessFields, locations: Type.Array(LocationViewSchema) });
export const LocationResponse = Type.Object({ ...SuccessFields, location: LocationViewSchema });
export const LocationNameSchema = Type.Object({ name: Text(100) }, { additionalProperties: false });

/** The adapters a processor can use: the built-in sandbox, or a paynet gateway. */
export const PROCESSOR_KINDS = ['sandbox', 'paynet'] as const;
export type ProcessorKind = (typeof PROCESSOR_KINDS)[number];

/** A payment processor of the store's organization (its API key is never shown). */
export const ProcessorViewSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  kind: Type.Enum(PROCESSOR_KINDS),
  isDefault: Type.Boolean(),
  merchantId: Type.Union([Type.String(), Type.Null()]),
  gatewayUrl: Type.Union([Type.String(), Type.Null()], { description: 'null: the sandbox gateway this service hosts' }),
});
export type ProcessorView = Static<typeof ProcessorViewSchema>;
export const ProcessorsResponse = Type.Object({
  ...SuccessFields,
  processors: Type.Array(ProcessorViewSchema),
  mayAdd: Type.Boolean({ description: 'Whether this login may add processors (organization-wide managers)' }),
});
export const ProcessorResponse = Type.Object({ ...SuccessFields, processor: ProcessorViewSchema });

export const NewProcessorSchema = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 40 }),
    kind: Type.Enum(PROCESSOR_KINDS),
    isDefault: Type.Optional(Type.Boolean()),
    merchantId: Type.Optional(Text(200)),
    apiKey: Type.Optional(Text(200)),
    gatewayUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 200, pattern: '^https?://' })),
  },
  { additionalProperties: false },
);
export type NewProcessorInput = Static<typeof NewProcessorSchema>;

/** Whether a location takes a method through a processor. */
export const MethodSwitchSchema = Type.Object({
  locationId: Uuid,
  processorName: Type.String(),
  method: Type.Enum(PAYMENT_METHODS),
  enabled: Type.Boolean(),
});
export type MethodSwitch = Static<typeof MethodSwitchSchema>;
export const MethodsResponse = Type.Object({ ...SuccessFields, methods: Type.Array(MethodSwitchSchema) });
export const SetMethodSchema = Type.Object(
  {
    locationId: Type.Optional(Uuid),
    processorName: Type.String({ minLength: 1, maxLength: 40 }),
    method: Type.Enum(PAYMENT_METHODS),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SetMethodInput = Static<typeof SetMethodSchema>;

/** A PIN pad: card-present methods at a location need one for their processor. */
export const PinPadViewSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  locationId: Uuid,
  processorName: Type.String(),
  model: Type.String(),
  serialNumber: Type.String(),
  disabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PinPadView = Static<typeof PinPadViewSchema>;
export const PinPadsResponse = Type.Object({ ...SuccessFields, pinPads: Type.Array(PinPadViewSchema) });
export const PinPadResponse = Type.Object({ ...SuccessFields, pinPad: PinPadViewSchema });
export const NewPinPadSchema = Type.Object(
  {
    name: Text(100),
    locationId: Type.Optional(Uuid),
    processorName: Type.String({ minLength: 1, maxLength: 40 }),
    model: Text(100),
    serialNumber: Text(64),
  },
  { additionalProperties: false },
);
export type NewPinPadInput = Static<typeof NewPinPadSchema>;

import { Type, type Static, type TSchema } from 'typebox';
import { CUSTOMER_TYPES, ID_DOCUMENT_LABELS, ID_DOCUMENT_TYPES } from '../compliance/index.js';
import { GROUP_UNITS, StateProfileSchema } from '../compliance/profiles/schema.js';
import { SuccessFields } from './common.js';
import { Count, LimitAmount, Milligrams } from '../numbers.js';

/**
 * A dispensary's customers (issue 14, README "Customers"): who they are as their ID says, whether
 * they buy adult-use or medical, and how to reach them. The register finds a returning customer by
 * name, phone or ID number, fills a new one from a scanned licence, and checks their ID before a sale.
 * Dates are calendar dates `YYYY-MM-DD`; the rules a value breaks are checked on the server in words
 * (electron/server/customers/customer-input.ts), so these schemas only bound sizes.
 */

/**
 * The IDs a dispensary accepts: the cards a register scans (`ID_DOCUMENT_TYPES` of
 * shared/compliance), and the passport and military ID California also accepts as proof of age
 * (Business and Professions Code 25660), typed in.
 */
export const CUSTOMER_ID_TYPES = [...ID_DOCUMENT_TYPES, 'passport', 'military_id'] as const;
export type CustomerIdType = (typeof CUSTOMER_ID_TYPES)[number];

/** Words for an ID type: "driver's licence", "passport". */
export const CUSTOMER_ID_LABELS: Record<CustomerIdType, string> = {
  ...ID_DOCUMENT_LABELS,
  passport: 'passport',
  military_id: 'military ID',
};

/** Searches and lists answer small pages: a register shows a handful of matches. */
export const CUSTOMER_PAGE_MAX = 50;

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const Day = (description: string) => Text(20, `${description}, YYYY-MM-DD`);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Whole years between two dates of four-digit years. */
const Age = Type.Integer({ minimum: 0, maximum: 9999 });

/** A medical patient's recommendation or state card, and the amounts it allows, if its own. */
export const MedicalRecommendationSchema = Type.Object(
  {
    number: Text(40, 'The recommendation or state medical card number'),
    expires: Day('Its last valid day'),
    limits: Type.Optional(
      Nullable(
        Type.Record(Type.String({ maxLength: 40 }), LimitAmount(), {
          description:
            "The recommendation's own daily amounts by the state profile's medical limit group (milligrams or a " +
            'count, as the group counts), where the state lets a recommendation change them; null: the state limits',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type MedicalRecommendationInput = Static<typeof MedicalRecommendationSchema>;

const customerFields = {
  firstName: Text(200, 'As on the ID: 1 to 100 characters'),
  middleName: Type.Optional(Nullable(Text(200, 'As on the ID, or null'))),
  lastName: Text(200, 'As on the ID: 1 to 100 characters'),
  dateOfBirth: Day('The date of birth'),
  idType: Type.Enum(CUSTOMER_ID_TYPES),
  idNumber: Text(60, 'As printed; spaces and dashes are ignored'),
  idJurisdiction: Text(10, 'Who issued it: a state or province code ("CA"), or a country ("USA") for a passport'),
  idExpiry: Day('The last day the ID is valid'),
  customerType: Type.Enum(CUSTOMER_TYPES),
  medical: Type.Optional(Nullable(MedicalRecommendationSchema)),
  phone: Type.Optional(Nullable(Text(40, 'Any usual spelling: "(916) 555-0134", "+1 916 555 0134"'))),
  email: Type.Optional(Nullable(Text(254, 'An email address'))),
  notes: Type.Optional(Nullable(Text(2000, "The staff's notes"))),
  veteran: Type.Optional(
    Type.Boolean({ description: 'The store counts them a veteran (deals for veterans); false unless said' }),
  ),
};

/** `POST …/customers`. */
export const NewCustomerSchema = Type.Object(customerFields, { additionalProperties: false });
export type NewCustomer = Static<typeof NewCustomerSchema>;

/** `PATCH …/customers/:id`: the fields to change; null clears an optional one. */
export const CustomerPatchSchema = Type.Partial(NewCustomerSchema, { additionalProperties: false });
export type CustomerPatch = Static<typeof CustomerPatchSchema>;

const Time = Type.String({ format: 'date-time' });

/** A customer as the register and back office see them. */
export const CustomerSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  middleName: Nullable(Type.String()),
  lastName: Type.String(),
  dateOfBirth: Type.String(),
  idType: Type.Enum(CUSTOMER_ID_TYPES),
  /** Upper case, letters and digits only. */
  idNumber: Type.String(),
  idJurisdiction: Type.String(),
  idExpiry: Type.String(),
  customerType: Type.Enum(CUSTOMER_TYPES),
  medical: Nullable(
    Type.Object({
      number: Type.String(),
      expires: Type.String(),
      limits: Nullable(Type.Record(Type.String(), LimitAmount())),
    }),
  ),
  /** Digits: "9165550134" in North America; "+" and the country code before others ("+442071234567"). */
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  /** The store counts them a veteran: deals for veterans apply to them. */
  veteran: Type.Boolean(),
  createdAt: Time,
  updatedAt: Time,
  createdBy: Type.String({ description: 'Who added the customer' }),
});
export type Customer = Static<typeof CustomerSchema>;
export const CustomerResponseSchema = Type.Object({ ...SuccessFields, customer: CustomerSchema });

/** `GET …/customers`: newest first; `q` narrows by name, phone or ID number. */
export const CustomerSearchQuerySchema = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'A name ("gar" finds first or last names starting so; "garcia, mar" last and first), phone digits, or an ID number',
      }),
    ),
    before: Type.Optional(
      Type.String({ maxLength: 200, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CUSTOMER_PAGE_MAX, default: 20 })),
  },
  { additionalProperties: false },
);
export type CustomerSearchQuery = Static<typeof CustomerSearchQuerySchema>;
export const CustomerListResponseSchema = Type.Object({
  ...SuccessFields,
  customers: Type.Array(CustomerSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: Nullable(Type.String()),
});
export type CustomerList = Static<typeof CustomerListResponseSchema>;

/** `POST …/customers/from-id`: the text a 2-D scanner typed from the back of a licence or ID card. */
export const FromIdRequestSchema = Type.Object(
  { scanned: Type.String({ maxLength: 4000, description: 'The AAMVA PDF417 payload as the scanner typed it' }) },
  { additionalProperties: false },
);
export type FromIdRequest = Static<typeof FromIdRequestSchema>;

/** An ID as read from its barcode (`IdDocument` of shared/compliance). */
export const IdDocumentSchema = Type.Object({
  firstName: Type.String(),
  middleName: Type.Optional(Type.String()),
  lastName: Type.String(),
  dateOfBirth: Type.String(),
  expiry: Type.String(),
  idNumber: Type.String(),
  jurisdiction: Type.String(),
  documentType: Type.Enum(ID_DOCUMENT_TYPES),
  address: Type.Optional(
    Type.Object({
      street: Type.String(),
      street2: Type.Optional(Type.String()),
      city: Type.String(),
      state: Type.String(),
      postalCode: Type.String(),
    }),
  ),
});
export const FromIdResponseSchema = Type.Object({
  ...SuccessFields,
  parsed: IdDocumentSchema,
  /** The customer on file with this ID (same issuer and number), or null: a new customer. */
  existing: Nullable(CustomerSchema),
});

/** An ID check for a sale today, in words when refused (`IdCheck` of shared/compliance). */
const IdCheckSchema = Type.Object({
  verified: Type.Boolean(),
  /** Whole years on the store's today, when the date of birth is a date. */
  age: Type.Optional(Age),
  problem: Type.Optional(Type.String()),
  /** Why not, for the cashier: "This ID expired on March 3, 2026." */
  reason: Type.Optional(Type.String()),
});

/** `GET …/customers/:id/verification`: the ID check for a sale today, in words when refused. */
export const VerificationResponseSchema = Type.Object({
  ...SuccessFields,
  verification: IdCheckSchema,
  /** The store's calendar day the check is for. */
  today: Type.String(),
  /** The state rules it was checked against: the whole profile, as the service loaded it. */
  profile: StateProfileSchema,
});
export type Verification = Static<typeof VerificationResponseSchema>;

/** `GET …/customers/rules`: the state rules the store enforces at ticket creation, or none. */
export const StoreRulesResponseSchema = Type.Object({
  ...SuccessFields,
  /**
   * The whole state profile the store enforces, as the service loaded it (README "State profiles"),
   * so a register applies the very rules the service does; null: none (no ID is required, no limit applies).
   */
  profile: Nullable(StateProfileSchema),
});
export type StoreRules = Static<typeof StoreRulesResponseSchema>;

/** A line as the purchase limits count it (`LimitLine` of shared/compliance): integers. */
const LimitLineSchema = Type.Object({
  category: Type.String(),
  units: Count(),
  weightMg: Milligrams('Cannabis weight of the whole line, mg'),
  thcMg: Milligrams('THC of the whole line, mg'),
  name: Type.Optional(Type.String()),
});

/** Where a customer stands in one limit group (`GroupAllowance` of shared/compliance). */
const GroupAllowanceSchema = Type.Object({
  group: Type.String(),
  /** "non-concentrated cannabis" */
  name: Type.String(),
  unit: Type.Enum(GROUP_UNITS),
  /** Amounts in the unit: milligrams of weight or THC, or a count. */
  limit: LimitAmount(),
  alreadyBought: Count(),
  inCart: Count(),
  remaining: LimitAmount(),
  over: Type.Boolean(),
  /** "16 g of 28.5 g left today" */
  summary: Type.String(),
});

/**
 * `GET …/customers/:id/allowance`: what the customer may still buy today under the store's state
 * rules (the enforced profile, else California's as the ID check uses): each limit group's limit,
 * what they bought earlier in the period at every register and online, and what remains; the lines
 * bought, so a register can add its cart to them with the same rules; and today's ID check.
 */
export const AllowanceResponseSchema = Type.Object({
  ...SuccessFields,
  /** The store's calendar day. */
  today: Type.String(),
  /** Whether the store enforces these rules at ticket creation. */
  enforced: Type.Boolean(),
  /** The state rules it was computed with: the whole profile, so a register adds its cart by the same rules. */
  profile: StateProfileSchema,
  verification: IdCheckSchema,
  /** The customer as the limits know them (`LimitCustomer` of shared/compliance). */
  customer: Type.Object({
    type: Type.Enum(CUSTOMER_TYPES),
    age: Type.Optional(Age),
    recommendationLimits: Type.Optional(Type.Record(Type.String(), LimitAmount())),
  }),
  /** day: the store's calendar day; transaction: each sale on its own (nothing bought counts). */
  period: Type.Enum(['day', 'transaction']),
  purchases: Type.Array(LimitLineSchema),
  groups: Type.Array(GroupAllowanceSchema),
});
export type Allowance = Static<typeof AllowanceResponseSchema>;

import { Type, type Static } from 'typebox';
import { STAFF_ROLES } from '../permissions.js';
import { SuccessFields } from './common.js';
import { Count, Seconds } from '../numbers.js';

/**
 * Setting a store up, the people and programs that work for it: staff logins, API clients, and the
 * catalog import's report (see ./setup.ts).
 */

const Text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, description });
/** The longest display name and employee number a login has. */
export const DISPLAY_NAME_MAX = 100;
export const EMPLOYEE_REF_MAX = 64;
/** The longest name an API client has. */
export const CLIENT_NAME_MAX = 100;
const Store = Type.Union([Type.String(), Type.Null()], {
  description: 'Short name of the one store it is limited to; null for every store of the organization',
});

/** A staff login as a manager sees it (never its password). */
export const StaffViewSchema = Type.Object({
  username: Type.String(),
  displayName: Type.String(),
  role: Type.Enum(STAFF_ROLES),
  employeeRef: Type.Union([Type.String(), Type.Null()]),
  dispensaryShortName: Store,
  disabled: Type.Boolean(),
  /** Until when wrong passwords keep the login locked, or null. */
  lockedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** A manager or admin has a PIN approving the cash movements the store guards. */
  hasPin: Type.Boolean(),
});
export type StaffView = Static<typeof StaffViewSchema>;
export const StaffListResponse = Type.Object({ ...SuccessFields, staff: Type.Array(StaffViewSchema) });
export const StaffResponse = Type.Object({ ...SuccessFields, staff: StaffViewSchema });

export const PasswordSchema = Type.String({ minLength: 8, maxLength: 200, description: 'At least 8 characters' });

export const NewStaffSchema = Type.Object(
  {
    username: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$', description: 'Stored in lower case' }),
    displayName: Type.Optional(Text(DISPLAY_NAME_MAX)),
    role: Type.Enum(STAFF_ROLES),
    password: PasswordSchema,
    employeeRef: Type.Optional(Text(EMPLOYEE_REF_MAX)),
    allStores: Type.Optional(
      Type.Boolean({
        description: 'Every store of the organization instead of this one (organization-wide logins only)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type NewStaffInput = Static<typeof NewStaffSchema>;
export const NewPasswordSchema = Type.Object({ password: PasswordSchema }, { additionalProperties: false });

/** A manager's PIN approving guarded cash movements at the registers; null removes it. */
export const NewPinSchema = Type.Object(
  { pin: Type.Union([Type.String({ pattern: '^[0-9]{4,8}$', description: '4 to 8 digits' }), Type.Null()]) },
  { additionalProperties: false },
);

/** An API client of the ticket API (its secret is shown once, when issued). */
export const ApiClientViewSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  dispensaryShortName: Store,
  disabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ApiClientView = Static<typeof ApiClientViewSchema>;
export const ApiClientsResponse = Type.Object({ ...SuccessFields, clients: Type.Array(ApiClientViewSchema) });
export const ApiClientResponse = Type.Object({ ...SuccessFields, client: ApiClientViewSchema });
export const IssuedClientResponse = Type.Object({
  ...SuccessFields,
  client: ApiClientViewSchema,
  clientSecret: Type.String({ description: 'Shown this once; only its hash is stored' }),
});
export const NewApiClientSchema = Type.Object(
  {
    name: Text(CLIENT_NAME_MAX),
    allStores: Type.Optional(
      Type.Boolean({
        description: 'Every store of the organization instead of this one (organization-wide logins only)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type NewApiClientInput = Static<typeof NewApiClientSchema>;

/** One refused row of a catalog file. */
export const ImportRowErrorSchema = Type.Object({
  line: Count('Line in the file (the CSV header is line 1); 0 for the file itself'),
  index: Type.Optional(Count('JSON: the product’s place in the array, from 0')),
  field: Type.String(),
  message: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowErrorSchema>;

/**
 * What an import did: every product written (`imported: true`), or none and why — the first 50
 * refused rows and how many there were — and, either way, the cannabis products that cannot be sold
 * yet (no package tag, or no measure the store's state counts them by): the first 50 and a count.
 * A file with refused rows is a report, not a failed request: the same rules as `servicepay catalog import`.
 */
export const ImportReportSchema = Type.Object({
  ...SuccessFields,
  imported: Type.Boolean(),
  rows: Count(),
  created: Count(),
  updated: Count(),
  errorCount: Count(),
  errors: Type.Array(ImportRowErrorSchema),
  /** Products imported (or to be) that a sale will refuse until the column named is filled. */
  warningCount: Count(),
  warnings: Type.Array(ImportRowErrorSchema),
  /** What the import left as it is: the stock and tags of products whose stock is in received packages. */
  noteCount: Count(),
  notes: Type.Array(ImportRowErrorSchema),
  /** The optional columns the file left out that the updated products kept (their own values stay). */
  kept: Type.Array(Type.String()),
  seconds: Seconds(),
});
export type ImportReport = Static<typeof ImportReportSchema>;

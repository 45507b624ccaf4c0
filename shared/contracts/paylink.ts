import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Cents } from '../numbers.js';

/**
 * The hosted ACH checkout (docs/payments.md "Paylinks"): the page at `PAYLINK_PAGE#<token>` on the
 * service's origin reads its payment with `GET /v2.0/paylinks/<token>` and authorizes or cancels it.
 * The token in the URL is the only credential (a capability URL); the service keeps only its hash.
 */

/** Path of the hosted paylink page; the token follows in the fragment, so it never reaches server logs. */
export const PAYLINK_PAGE = '/sdk/paylink/';

/** Where a paylink stands, for the customer. */
export const PAYLINK_STATUSES = ['open', 'processing', 'approved', 'declined', 'error', 'canceled', 'expired'] as const;
export type PaylinkStatus = (typeof PAYLINK_STATUSES)[number];

/** `GET /v2.0/paylinks/<token>` (and the answer to authorize and cancel). */
export const PaylinkInfoSchema = Type.Object({
  ...SuccessFields,
  status: Type.Enum(PAYLINK_STATUSES),
  /** Cents to authorize from the bank account. */
  amount: Cents(),
  currency: Type.Literal('USD'),
  /** Who is paid: the entity's (store's) name. */
  merchantName: Type.String(),
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  invoiceId: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String(),
  /** A sentence for the customer about the current status. */
  message: Type.String(),
});
export type PaylinkInfo = Static<typeof PaylinkInfoSchema>;

/** `POST /v2.0/paylinks/<token>/authorize`: the customer's bank account (only its last 4 digits are kept). */
export const PaylinkAuthorizeSchema = Type.Object(
  {
    accountHolder: Type.String({ minLength: 2, maxLength: 100 }),
    routingNumber: Type.String({ pattern: '^[0-9]{9}$', description: 'ABA routing number (checksum verified).' }),
    accountNumber: Type.String({ pattern: '^[0-9]{4,17}$' }),
    accountType: Type.Optional(Type.Union([Type.Literal('checking'), Type.Literal('savings')])),
  },
  { additionalProperties: false },
);
export type PaylinkAuthorize = Static<typeof PaylinkAuthorizeSchema>;

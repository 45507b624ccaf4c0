import { Type, type Static } from 'typebox';
import { ReasonField } from './audit.js';
import { SuccessFields } from './common.js';
import { TableRow } from './registers.js';

/**
 * What an attached register sends its store server to move an online order of the pickup queue on
 * behalf of its signed-in cashier (README "Attaching registers": the pickup queue). The server names
 * the cashier as the register's, and checks the login is one of the store's that may do it.
 */

/** The signed-in cashier's username at the register (the store's staff, copied from the server). */
const Cashier = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "The register's signed-in cashier (username).",
});

/** `POST /v2.0/register/pickup/<orderId>/status`: start picking, or packed (handing over stays at the server). */
export const RegisterPickupMoveSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('IN_PROCESS'), Type.Literal('PACKED_READY')]),
    cashier: Cashier,
  },
  { additionalProperties: false },
);

/** `POST /v2.0/register/pickup/<orderId>/cancel`: the cashier, and why (kept in the audit trail). */
export const RegisterPickupCancelSchema = Type.Object(
  { cashier: Cashier, reason: ReasonField },
  { additionalProperties: false },
);

export type RegisterPickupMove = Static<typeof RegisterPickupMoveSchema>;
export type RegisterPickupCancel = Static<typeof RegisterPickupCancelSchema>;

/** `POST /v2.0/register/pickup/<orderId>/lend` and `…/give-back`: the cashier taking it over (or giving it back). */
export const RegisterLendSchema = Type.Object({ cashier: Cashier }, { additionalProperties: false });
export type RegisterLend = Static<typeof RegisterLendSchema>;

/** The tables of an order lent to a register, in the order the register writes them. */
export const LENT_TABLES = [
  'orders',
  'order_items',
  'order_unavailable_items',
  'order_status_history',
  'payment_sessions',
  'payments',
  'payment_refunds',
] as const;

/**
 * The server's answer to a lend: until when the order is lent to the register (null: its money was
 * taken there, lent until handed over), and its rows as the server has them, table by table.
 */
export const RegisterLendAnswerSchema = Type.Object({
  ...SuccessFields,
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Record(Type.String(), Type.Array(TableRow)),
});
export type RegisterLendAnswer = Static<typeof RegisterLendAnswerSchema>;

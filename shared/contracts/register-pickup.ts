import { Type, type Static } from 'typebox';
import { ReasonField } from './audit.js';

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

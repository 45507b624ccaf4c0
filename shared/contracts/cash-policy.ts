import { Type, type Static } from 'typebox';
import { CASH_MOVEMENT_KINDS, ShiftViewSchema } from './cash.js';
import { SuccessFields } from './common.js';

/**
 * A store's cash policy (README "Cash drawers"): whether every close is blind, and which cash
 * movements need a manager's approval with their PIN (a manager doing one approves it themselves).
 */
export const CashPolicySchema = Type.Object(
  {
    blindClose: Type.Boolean({
      description: 'Every drawer closes blind: the cashier counts without seeing the expected cash.',
    }),
    managerApproval: Type.Array(Type.Enum(CASH_MOVEMENT_KINDS), {
      uniqueItems: true,
      maxItems: CASH_MOVEMENT_KINDS.length,
      description: 'The movements a cashier records only with a manager’s PIN.',
    }),
  },
  { additionalProperties: false },
);
export type CashPolicy = Static<typeof CashPolicySchema>;

/** Someone who can approve a guarded movement at the register: a manager or admin with a PIN. */
export const ApproverSchema = Type.Object({ username: Type.String(), name: Type.String() });
export type Approver = Static<typeof ApproverSchema>;

/** `GET …/drawers/<terminal>`: the register's open shift and the store's policy for its drawer. */
export const DrawerStateResponseSchema = Type.Object({
  ...SuccessFields,
  /** Null: the drawer is closed. */
  shift: Type.Union([ShiftViewSchema, Type.Null()]),
  policy: Type.Object({ ...CashPolicySchema.properties, approvers: Type.Array(ApproverSchema) }),
});
export type DrawerState = Static<typeof DrawerStateResponseSchema>;
